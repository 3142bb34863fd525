# image_helper.bash - container images for scan's tests (images.bats,
# jobs.bats): layers that bsdtar writes from mtree lines, and an OCI image
# layout of them, its JSON as the image-spec has it.

# layer FILE FORMAT ENTRY...: a tar of mtree lines, "./dev type=dir" first
layer() {
	local f=$1 fmt=$2
	shift 2
	printf '%s\n' '#mtree' './dev type=dir' "$@" | bsdtar -cf "$f" --format="$fmt" @-
}

digest() {
	sha256sum "$1" | cut -c1-64
}

# oci DIR BLOB...: an OCI image layout of one manifest whose layers are
# the files BLOB..., in order
oci() {
	local dir=$1 b h layers="" mt
	shift
	mkdir -p "$dir/blobs/sha256"
	for b in "$@"; do
		h=$(digest "$b")
		cp "$b" "$dir/blobs/sha256/$h"
		case $b in
		*.gz) mt=application/vnd.oci.image.layer.v1.tar+gzip ;;
		*.zst) mt=application/vnd.oci.image.layer.v1.tar+zstd ;;
		*) mt=application/vnd.oci.image.layer.v1.tar ;;
		esac
		layers+="${layers:+,}{\"mediaType\":\"$mt\",\"digest\":\"sha256:$h\",\"size\":$(wc -c <"$b")}"
	done
	printf '{"architecture":"amd64","os":"linux","rootfs":{"type":"layers","diff_ids":[]}}' >cfg
	h=$(digest cfg) && cp cfg "$dir/blobs/sha256/$h"
	printf '{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json","config":{"mediaType":"application/vnd.oci.image.config.v1+json","digest":"sha256:%s","size":%d},"layers":[%s]}' \
		"$h" "$(wc -c <cfg)" "$layers" >man
	h=$(digest man) && cp man "$dir/blobs/sha256/$h"
	printf '{"schemaVersion":2,"manifests":[{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":"sha256:%s","size":%d,"annotations":{"org.opencontainers.image.ref.name":"x]y"}}]}' \
		"$h" "$(wc -c <man)" >"$dir/index.json"
	printf '{"imageLayoutVersion":"1.0.0"}' >"$dir/oci-layout"
}
