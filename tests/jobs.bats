#!/usr/bin/env bats
# scan --jobs: an image's layers read at once, and written byte for byte
# as one thread reading them in turn writes them: standard output,
# diagnostics, the two in one stream, and the exit status.  The image
# has a large first layer (so the layers after it are held while it is
# read), layers with findings, warnings and errors, a blob that is no
# layer, and more layers than a crew lets wait.
load helper
load image_helper

setup_file() {
	command -v bsdtar >/dev/null && command -v zstd >/dev/null || return 0
	cd "$BATS_FILE_TMPDIR"
	awk 'BEGIN { print "#mtree"; print "./dev type=dir"
		for (i = 0; i < 20000; i++)
			printf "./dev/c%d type=char device=native,%d,%d\n", i, 4 + i % 300, i }' |
		bsdtar -cf big.tar --format=ustar @-
	gzip -n -c big.tar >big.tar.gz
	layer pax.tar pax './dev/big type=char device=native,8,256' './gone type=char device=native,0,0'
	zstd -q -c pax.tar >pax.tar.zst
	head -c 300 big.tar.gz >cut.tar.gz # its error: the stream ends in the middle
	head -c 5000 /dev/urandom >junk    # no layer: passed over
	mkdir -p t && (printf hsqs && head -c 8188 /dev/zero) >t/image.sqfs
	bsdtar -cf warn.tar -C t image.sqfs # its warning: an image that cannot be read
	layer gnu.tar gnutar './dev/tty type=char device=native,5,0'
	local small=() i
	for i in $(seq 1 9); do
		layer s$i.tar ustar "./dev/s$i type=block device=native,$((250 + i)),$((i * 300))"
		gzip -n -c s$i.tar >s$i.tar.gz
		small+=(s$i.tar.gz)
	done
	oci img big.tar.gz pax.tar.zst cut.tar.gz junk warn.tar gnu.tar "${small[@]}"
	tar -cf img.tar -C img .
	# docker save's older kind: ID/layer.tar, uncompressed
	mkdir -p save
	for i in 1 2 3 4 5; do mkdir -p save/$i; done
	cp big.tar save/1/layer.tar && cp pax.tar save/2/layer.tar && cp warn.tar save/3/layer.tar
	cp gnu.tar save/4/layer.tar && cp s1.tar save/5/layer.tar
	printf '[{"Config":"c.json","Layers":["1/layer.tar","2/layer.tar","3/layer.tar","4/layer.tar","5/layer.tar"]}]' \
		>save/manifest.json
	tar -cf save.tar -C save .
}

setup() {
	need bsdtar libarchive-tools
	need zstd zstd
	cd "$BATS_FILE_TMPDIR"
	tries=(2 3 0 "")
}

# same INPUT ARGS...: scan's output with --jobs=1 and with each of tries
# (2, 3, 0 and none), alike: stdout, stderr, the two interleaved, and the
# status.
same() {
	local input=$1 n
	shift
	devnum scan --jobs=1 "$@" "$input" >one.out 2>one.err && one=0 || one=$?
	devnum scan --jobs=1 "$@" "$input" >one.both 2>&1 || :
	[ -s one.out ] || [ -s one.err ] || fail "nothing said of $input"
	for n in "${tries[@]}"; do
		devnum scan ${n:+--jobs=$n} "$@" "$input" >n.out 2>n.err && st=0 || st=$?
		devnum scan ${n:+-T $n} "$@" "$input" >n.both 2>&1 || :
		assert_equal "$st" "$one"
		cmp one.out n.out || fail "--jobs=$n: stdout differs from --jobs=1's"
		cmp one.err n.err || fail "--jobs=$n: stderr differs: $(diff one.err n.err | head -5)"
		cmp one.both n.both || fail "--jobs=$n: stdout and stderr interleave differently"
	done
}

@test "scan --jobs: an OCI image layout's layers, written as one at a time writes them" {
	same img --summary
	# what the records are, by hand: the layers in the manifest's order
	assert_equal "$one" 2
	assert_equal "$(grep -c '^img: sha256:' one.out)" 20012
	grep -q "^img: sha256:$(digest pax.tar.zst): ./gone: char 0:0 \[whiteout\]" one.out
	[ "$(grep -n 'dev/big' one.out | cut -d: -f1)" -gt 20000 ] || fail "the second layer came first"
	grep -q "layer sha256:$(digest cut.tar.gz): .*" one.err
	grep -q "warning: layer sha256:.*: member .image.sqfs.: squashfs image, not read: " one.err
	same img --json
	same img --format='%{layer} %p %M:%m%n'
}

@test "scan --jobs: an OCI image in a tar, its layers read from the file; from a pipe, in turn" {
	same img.tar --summary
	assert_equal "$(grep -c "^img.tar: sha256:$(digest big.tar.gz): ./dev/c" one.out)" 20000
	same img.tar -z --json
	devnum scan --jobs=1 --summary - <img.tar >one.out 2>one.err || :
	devnum scan --jobs=4 --summary - <img.tar >n.out 2>n.err || :
	cmp one.out n.out && cmp one.err n.err
	cat img.tar | devnum scan --jobs=4 --summary >n.out 2>n.err || :
	cmp one.out n.out && cmp one.err n.err
}

@test "scan --jobs: a docker save tarball's uncompressed layer.tar files" {
	same save.tar --summary
	assert_equal "$one" 0 # every tuple fits Linux's 12:20: no fault
	grep -qx 'save.tar: 2/layer.tar: ./dev/big: char 8:256' one.out
	grep -qx 'save.tar: 5/layer.tar: ./dev/s1: block 251:300' one.out
}

@test "scan --jobs: a number of jobs, or a usage error" {
	run2 devnum scan --jobs=many img
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "devnum: --jobs: 'many' is not a number of jobs (0 to 9999; 0, one a CPU)"
	run2 devnum scan -T 12345 img
	assert_failure 2
	run2 devnum decode --jobs=2 0x301
	assert_failure 2
	[[ $stderr == *"--jobs"* ]] || fail "$stderr"
	run2 devnum scan -T 64 --format='%p' gnu.tar
	assert_success
	assert_output ./dev/tty
}

@test "scan --jobs: a compressed input, made by a thread of its own ahead of the reading, reads as in turn" {
	need xz xz-utils
	need bzip2 bzip2
	gzip -n -c big.tar >big.gz && xz -c big.tar >big.xz && bzip2 -c big.tar >big.bz2
	cp pax.tar.zst big.zst
	local f
	tries=(2) # what the number of jobs changes, the tests above try
	for f in big.gz big.xz big.bz2 big.zst; do
		same "$f" --summary
		head -c $(($(wc -c <"$f") / 2)) "$f" >cut && same cut --summary
		assert_equal "$one" 2 # the stream ends in the middle
		{ cat "$f" && echo junk; } >junk && same junk --summary
		{ cat "$f" "$f"; } >twice && same twice --summary
	done
	assert_equal "$(grep -c '^twice: ' one.out)" 4 # pax.tar's two devices, twice
}

@test "scan --jobs: an archive's records made by a thread behind the reading, in the entries' order" {
	need python3 python3
	# Python's tarfile writes it: 700 devices (every 50th a major of 4096,
	# past Linux's 12 bits: a finding), an image (a warning between two
	# records), 700 devices with 200-byte paths (more text than a batch
	# holds), a device with a 40,000-byte path (more than a batch's text
	# at all), 200 hard links to the devices before, 500 devices more
	python3 - <<'PY'
import io, tarfile
with tarfile.open("mix.tar", "w", format=tarfile.PAX_FORMAT) as t:
    def dev(name, ma, mi, kind=tarfile.CHRTYPE):
        i = tarfile.TarInfo(name)
        i.type, i.devmajor, i.devminor = kind, ma, mi
        t.addfile(i)
    names = []
    for i in range(1400):
        if i == 700:
            img = b"hsqs" + bytes(8188)
            f = tarfile.TarInfo("./img.sqfs")
            f.size = len(img)
            t.addfile(f, io.BytesIO(img))
        names.append(f"./d/c{i}" if i < 700 else "./p/" + "p" * 200 + str(i))
        dev(names[-1], 4096 if i % 50 == 0 else 4 + i % 300, i)
    dev("./q/" + "q" * 40000, 8, 1, tarfile.BLKTYPE)
    for i in range(0, 1400, 7):
        link = tarfile.TarInfo(f"./h/{i}")
        link.type, link.linkname = tarfile.LNKTYPE, names[i]
        t.addfile(link)
    for i in range(500):
        dev(f"./e/b{i}", 7, i, tarfile.BLKTYPE)
PY
	local k
	for k in 1 2 3; do # a race shows in one run of several, if at all
		same mix.tar --summary
	done
	same mix.tar --json
	same mix.tar -z --format='%p %M:%m %F%n'
	gzip -n -c mix.tar >mix.tar.gz && same mix.tar.gz --summary
	# by hand: every device and hard link once, in the archive's order
	same mix.tar
	assert_equal "$one" 1 # 4096:0 and the like do not fit 12:20
	assert_equal "$(wc -l <one.out)" $((1400 + 1 + 200 + 500))
	assert_equal "$(grep -c '^mix.tar: ./h/' one.out)" 200
	assert_equal "$(grep -c ' 4096:' one.out)" $((28 + 4)) # i % 50 == 0, and links to them
	[[ $(sed -n 1p one.out) == "mix.tar: ./d/c0: char 4096:0 [not-linux,"* ]] || fail "$(head -1 one.out)"
	assert_equal "$(sed -n '$p' one.out)" "mix.tar: ./e/b499: block 7:499"
	grep -qx "mix.tar: ./h/7: char 11:7 (link to ./d/c7)" one.out
	# the warning between the records of the entries either side of it
	assert_equal "$(grep -n -e 'img.sqfs' -e '/d/c699:' -e 'p700:' one.both | cut -d: -f1 | tr '\n' ' ')" \
		"700 701 702 "
}
