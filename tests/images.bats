#!/usr/bin/env bats
# scan of container images: an OCI image layout as a directory and as a
# tar, and a `docker save` tarball of the older kind.  The layers are
# real tars that bsdtar writes from an mtree description (no root
# needed), compressed by gzip and zstd; the JSON is the image-spec's.
load helper
load image_helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

three_layers() {
	need bsdtar libarchive-tools
	need zstd zstd
	layer l1.tar ustar './dev/sda type=block device=native,8,0' './dev/null type=char device=native,1,3'
	layer l2.tar pax './dev/big type=char device=native,8,256' './gone type=char device=native,0,0'
	layer l3.tar gnutar './dev/tty type=char device=native,5,0'
	gzip -n -c l1.tar >l1.tar.gz
	zstd -q -c l2.tar >l2.tar.zst
	oci img l1.tar.gz l2.tar.zst l3.tar
	d1=sha256:$(digest l1.tar.gz) d2=sha256:$(digest l2.tar.zst) d3=sha256:$(digest l3.tar)
}

@test "scan: an OCI image layout, its layers in the manifest's order, each named" {
	three_layers
	run2 devnum scan --format '%{layer} %p %t %M:%m %{compression} [%{findings}]' img
	assert_success
	assert_output "$d1 ./dev/sda block 8:0 gzip []
$d1 ./dev/null char 1:3 gzip []
$d2 ./dev/big char 8:256 zstd []
$d2 ./gone char 0:0 zstd [whiteout]
$d3 ./dev/tty char 5:0 none []"
	run2 devnum scan --summary img
	assert_line "img: $d2: ./gone: char 0:0 [whiteout] a character device 0:0 is an overlay whiteout: a mark that the path is deleted, not a device"
	[[ $stderr == *"devnum: img: 3 layers, 8 entries, 5 devices, 0 with findings" ]] || fail "$stderr"
}

@test "scan: the same image as a tar, and through a pipe, read as it streams" {
	three_layers
	# a blob that is gzip'd JSON, as some attestations are: no layer, no error
	printf '{"not":"a layer"}' | gzip -c >img/blobs/sha256/$(printf 0 | sha256sum | cut -c1-64)
	tar -cf img.tar -C img .
	run2 devnum scan --format '%{layer} %p %M:%m' img.tar
	assert_success
	assert_line "$d1 ./dev/sda 8:0"
	assert_line "$d2 ./dev/big 8:256"
	assert_line "$d3 ./dev/tty 5:0"
	assert_equal "${#lines[@]}" 5
	run2 bash -c 'gzip -c img.tar | devnum scan --json'
	assert_success
	assert_equal "$(jq -r 'select(.path == "./dev/big") | "\(.layer) \(.major):\(.minor) \(.compression)"' <<<"$output")" "$d2 8:256 zstd"
}

@test "scan: a docker save tarball of the older kind, ID/layer.tar" {
	need bsdtar libarchive-tools
	layer l1.tar ustar './dev/sda type=block device=native,8,0'
	layer l2.tar ustar './dev/ttyS0 type=char device=native,4,64'
	id1=$(printf 1 | sha256sum | cut -c1-64) id2=$(printf 2 | sha256sum | cut -c1-64)
	mkdir -p save/$id1 save/$id2
	cp l1.tar save/$id1/layer.tar && cp l2.tar save/$id2/layer.tar
	printf '{"a":1}' >save/$id1/json
	printf '[{"Config":"c.json","RepoTags":["x:1"],"Layers":["%s/layer.tar","%s/layer.tar"]}]' $id1 $id2 >save/manifest.json
	tar -cf save.tar -C save .
	run2 devnum scan --format '%{layer} %p %M:%m' save.tar
	assert_success
	assert_line "$id1/layer.tar ./dev/sda 8:0"
	assert_line "$id2/layer.tar ./dev/ttyS0 4:64"
}

@test "scan: a layout with no index.json is an error, a directory with neither a staging tree; a missing layer too" {
	mkdir -p plain broken
	run2 devnum scan plain
	assert_success
	assert_output ""
	echo '{"imageLayoutVersion":"1.0.0"}' >broken/oci-layout
	run2 devnum scan broken
	assert_failure 2
	assert_equal "$stderr" "devnum: 'broken': an OCI image layout (it has oci-layout) with no index.json"
	three_layers
	rm img/blobs/sha256/${d3#sha256:}
	run2 devnum scan --format '%p' img
	assert_failure 2
	assert_line ./dev/big
	[[ $stderr == "devnum: 'img': layer $d3: No such file or directory" ]] || fail "$stderr"
}

@test "scan: a layout's JSON is read as Go's encoding/json reads it; a broken one names its file and line" {
	three_layers
	local m
	m=$(jq -r '.manifests[0].digest' img/index.json)
	# a descriptor's own digest only (an annotation named digest is none),
	# a key in any case, the last list
	printf '{"schemaVersion":2,"Manifests":[{"digest":"sha256:%064d"}],\n"manifests":[{"digest":"%s","annotations":{"digest":"sha256:%064d"}}]}' 0 "$m" 0 >img/index.json
	run2 devnum scan --format '%p' img
	assert_success
	assert_output "./dev/sda
./dev/null
./dev/big
./gone
./dev/tty"
	printf '{"schemaVersion":2,"manifests":[{"digest":"%s"},\n {"digest": 5}]}' "$m" >img/index.json
	run2 devnum scan img
	assert_failure 2
	assert_output ""
	assert_equal "$stderr" "devnum: 'img': index.json: line 2: a \"digest\" that is no string of at most 159 bytes"
	printf '{"schemaVersion":2,\n"manifests":[{"digest":"%s"}]} ]' "$m" >img/index.json
	run2 devnum scan img
	assert_failure 2
	assert_equal "$stderr" "devnum: 'img': index.json: line 2: more after the JSON object"
	printf '{"schemaVersion":2,"manifests":[{"digest":"%s"}' "$m" >img/index.json
	run2 devnum scan img
	assert_failure 2
	[[ $stderr == "devnum: 'img': index.json: line 1: "* ]] || fail "$stderr"
}
