#!/usr/bin/env python3
"""make bench: every filter command against the reference loop; name and
whence against decode on the same records; decode and
encode against what a user would otherwise reach for; devnum scan against
bsdtar -tvf on a large ustar archive of device entries and on a gzip newc
one, and against gzip -dc alone; devnum scan of an ext4 image of device
inodes against e2fsck and debugfs, with its peak memory, and of a squashfs
image against unsquashfs, and devnum diff of the two against scanning
both; of a live ISO holding a squashfs and of a GPT
disk image of two partitions against extracting the member or cutting
out the partitions and scanning them; of a real-sized layer, gzip'd, zstd'd and xz'd,
against bsdtar and each decompressor alone; the one-shot latency of
devnum encode 3 1 against a shared-libc makedev program; and the library per
call against hand-written expressions (libbench.c): side by side, one run.

Generates N records (default 2,000,000) of glibc dev_t values, mostly small
majors and minors and some full 32-bit ones, as real systems have them;
checks that every contender prints the same bytes; then runs the contenders
in alternation for several rounds and reports the median time, records per
second, and each one's time relative to devnum.

Usage: bench.py DEVNUM [LIMIT_C]   (LIMIT_C: the reference loop, by default
the project's own, reference.c beside this file)
The first line names the CPU; where valgrind is installed, each table
gives callgrind's instruction count per record (a line, an entry, an
inode, or a run for one-shot rows) and the minor page faults of a run,
which do not depend on the machine, so that figures from two machines
compare.
Environment: BENCH_RECORDS, BENCH_ROUNDS, BENCH_ARCHIVE_ENTRIES (default
2,000,000: a 1 GiB ustar archive, written to the temporary directory),
BENCH_NEWC_ENTRIES (default 1,000,000, in a gzip newc archive),
BENCH_IMAGE_INODES (default 100,000, in ext4 and squashfs images),
BENCH_LAYER_MIB (default 400: the real-sized layer's files),
BENCH_NESTED_MIB (default 400: the live ISO's squashfs's data), CC,
and LIB_CFLAGS and LIB_LIBS to build libbench.c against the library.
"""
import gzip, hashlib, os, random, resource, shutil, statistics, subprocess, sys, tempfile, time

N = int(os.environ.get("BENCH_RECORDS", "2000000"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))
ENTRIES = int(os.environ.get("BENCH_ARCHIVE_ENTRIES", "2000000"))
NEWC_ENTRIES = int(os.environ.get("BENCH_NEWC_ENTRIES", "1000000"))
CC = os.environ.get("CC", "cc")
HERE = os.path.dirname(os.path.abspath(__file__))


def tuples(n):
    r = random.Random(1003)
    for _ in range(n):
        k = r.random()
        if k < 0.6:
            yield r.randrange(256), r.randrange(256)
        elif k < 0.9:
            yield r.randrange(4096), r.randrange(1 << 20)
        else:
            yield r.randrange(1 << 32), r.randrange(1 << 32)


def makedev(ma, mi):
    """glibc's makedev(); os.makedev takes a C int and overflows past 2^31."""
    return ((ma & 0xfffff000) << 32 | (ma & 0xfff) << 8 |
            (mi & 0xffffff00) << 12 | (mi & 0xff))


def build(tmp, name, src):
    out = os.path.join(tmp, name)
    subprocess.run([CC, "-O2", "-o", out, src], check=True)
    return out


def run(cmd, data, keep=False):
    """Time cmd on data; its output goes to /dev/null unless kept (for the
    digest), so that reading a pipe in Python is not what is timed, and its
    diagnostics always (whence refuses a tuple no mistake makes), the exit
    status saying how it went."""
    with open(data, "rb") as f:
        t = time.perf_counter()
        p = subprocess.run(cmd, stdin=f, stdout=subprocess.PIPE if keep else subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        return time.perf_counter() - t, p.returncode, p.stdout


def race(title, data, contenders):
    print(f"\n{title}: {N} records, median of {ROUNDS} alternating rounds")
    digests = {}
    for name, cmd in contenders:
        _, rc, out = run(cmd, data, keep=True)
        digests[name] = hashlib.md5(out).hexdigest()
        if rc != 0:
            print(f"  {name}: exit status {rc}")
    first = contenders[0][0]
    for name, _ in contenders:
        same = "same output" if digests[name] == digests[first] else "OUTPUT DIFFERS"
        print(f"  {name:<34} {same} ({digests[name][:12]})")
    times = {name: [] for name, _ in contenders}
    for _ in range(ROUNDS):
        for name, cmd in contenders:
            times[name].append(run(cmd, data)[0])
    base = statistics.median(times[first])
    print(f"  {'contender':<34} {'median s':>9} {'M rec/s':>8} {'vs devnum':>10}")
    for name, _ in contenders:
        m = statistics.median(times[name])
        print(f"  {name:<34} {m:9.3f} {N / m / 1e6:8.2f} {m / base:9.2f}x")


def cpu_model():
    """The CPU's name, as /proc/cpuinfo gives it, or what Python knows."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    import platform
    return platform.processor() or platform.machine()


def instructions(cmd, data, records):
    """callgrind's count of instructions per record of cmd on data, or None
    without valgrind."""
    try:
        with open(data, "rb") as f:
            p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                               stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    except FileNotFoundError:
        return None
    for line in p.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split(":")[-1]) / records
    return None


def faults(cmd, data):
    """The minor page faults of one run of cmd on data, by getrusage of
    the children: like instructions, they do not depend on the CPU."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt
    run(cmd, data)
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt - before


def costs(cmd, data, records):
    """Instructions a record (callgrind; '-' without valgrind) and minor
    page faults a run, as a table's two last columns."""
    ir = instructions(cmd, data, records)
    return f"{ir:9.0f}" if ir is not None else f"{'-':>9}", f"{faults(cmd, data):8d}"


def head(path, out, n):
    """The first n lines of path, in out."""
    with open(path) as f, open(out, "w") as g:
        for _, line in zip(range(n), f):
            g.write(line)
    return out


def commands(devnum, tmp, raws, pairs, limit_c):
    """Every filter command against the reference loop, one table."""
    ref = build(tmp, "reference", limit_c or os.path.join(HERE, "reference.c"))
    rows = [
        ("reference loop (decode, no checks)", [ref], raws, None),
        ("decode", [devnum, "decode", "-s", "glibc"], raws, 1.1),
        ("encode", [devnum, "encode", "-s", "glibc"], pairs, 1.1),
        ("encode -d", [devnum, "encode", "-s", "glibc", "-d"], pairs, 1.1),
        ("check", [devnum, "check", "-s", "glibc"], raws, 1.1),
        ("canon", [devnum, "canon", "-s", "glibc"], raws, 1.1),
        ("convert -f glibc -t hpa", [devnum, "convert", "-f", "glibc", "-t", "hpa"], raws, 1.1),
        ("decode --format='%M %m'", [devnum, "decode", "-s", "glibc", "--format=%M %m"], raws, 1.1),
        ("decode --format='%M %m %x' (more output)", [devnum, "decode", "-s", "glibc", "--format=%M %m %x"], raws, None),
        ("decode --json", [devnum, "decode", "-s", "glibc", "--json"], raws, 1.5),
    ]
    for name, cmd, data, _ in rows:
        _, rc, _ = run(cmd, data)
        if rc != 0:
            print(f"  {name}: exit status {rc}")
    times = {name: [] for name, *_ in rows}
    for _ in range(ROUNDS):
        for name, cmd, data, _ in rows:
            times[name].append(run(cmd, data)[0])
    base = statistics.median(times[rows[0][0]])
    counted = min(N, 100000)
    small = {raws: head(raws, os.path.join(tmp, "raw.small"), counted),
             pairs: head(pairs, os.path.join(tmp, "tuples.small"), counted)}
    ir = {name: instructions(cmd, small[data], counted) for name, cmd, data, _ in rows}
    print(f"\nevery command against the reference loop: {N} records, "
          f"median of {ROUNDS} alternating rounds"
          + (f"; Ir/rec: callgrind's instructions a record, of {counted}, start-up included"
             if ir[rows[0][0]] is not None else ""))
    print(f"  {'command':<42} {'median s':>9} {'M rec/s':>8} {'vs loop':>8} {'Ir/rec':>7} {'goal':>6}")
    for name, _, _, goal in rows:
        m = statistics.median(times[name])
        mark = "" if goal is None else f"{goal:5.1f}x" + (" ok" if m / base <= goal else " MISSED")
        count = f"{ir[name]:7.0f}" if ir[name] is not None else f"{'-':>7}"
        print(f"  {name:<42} {m:9.3f} {N / m / 1e6:8.2f} {m / base:7.2f}x {count} {mark}")


def registry_commands(devnum, tmp, raws, pairs):
    """name and whence, filters like the others, against decode on the same
    records: decode reads their raw values, name and whence their tuples.
    name answers a record with a line for each namespace and whence with a
    line for each candidate, so each is held to decode by the time a line
    written: name within 2x, whence within 6x."""
    n = min(N, 1000000)
    raws, pairs = (head(raws, os.path.join(tmp, "raw.1m"), n),
                   head(pairs, os.path.join(tmp, "tuples.1m"), n))
    rows = [
        ("decode (the raw values)", [devnum, "decode", "-s", "glibc"], raws, None),
        ("name --offline", [devnum, "name", "--offline"], pairs, 2.0),
        ("name --offline --type=block", [devnum, "name", "--offline", "--type=block"], pairs, 2.0),
        ("name (and /sys, /proc/devices)", [devnum, "name"], pairs, 2.0),
        ("whence", [devnum, "whence"], pairs, 6.0),
    ]
    lines = {name: run(cmd, data, keep=True)[2].count(b"\n") for name, cmd, data, _ in rows}
    times = rounds([(name, cmd) for name, cmd, *_ in rows], None, {name: data for name, _, data, _ in rows})
    base = statistics.median(times[rows[0][0]]) / lines[rows[0][0]]
    print(f"\nname and whence against decode, by the time a line written: the same {n} records, "
          f"median of {ROUNDS} alternating rounds")
    counted = min(n, 100000)
    small = {d: head(d, d + ".small", counted) for d in (raws, pairs)}
    ir = {}
    for name, cmd, data, _ in rows:
        got = instructions(cmd, small[data], 1)
        ir[name] = got / run(cmd, small[data], keep=True)[2].count(b"\n") if got else None
    print(f"  {'command':<34} {'median s':>9} {'lines/rec':>9} {'ns/line':>8} {'vs decode':>9} {'goal':>10}"
          f" {'Ir/line':>8}")
    for name, _, _, goal in rows:
        m = statistics.median(times[name])
        per = m / lines[name]
        mark = "" if goal is None else f"{goal:.1f}x " + ("ok" if per / base <= goal else "MISSED")
        count = f"{ir[name]:8.0f}" if ir[name] is not None else f"{'-':>8}"
        print(f"  {name:<34} {m:9.3f} {lines[name] / n:9.2f} {per * 1e9:8.1f} {per / base:8.2f}x {mark:>10}"
              f" {count}")


def ustar(path, n):
    """n character devices, each a bare ustar header (no data), then the
    end-of-archive blocks; the tuples as in tuples(), parts cut to what
    ustar's 7 octal digits hold."""
    base = bytearray(512)
    base[100:108] = b"0000644\0"
    base[108:124] = b"0000000\0" * 2
    base[124:148] = b"00000000000\0" * 2
    base[156:157] = b"3"
    base[257:265] = b"ustar\x0000"
    with open(path, "wb") as f:
        for i, (ma, mi) in enumerate(tuples(n)):
            h = bytearray(base)
            h[0:12] = b"dev/%08d" % i
            h[329:337] = b"%07o\0" % (ma & 0x1fffff)
            h[337:345] = b"%07o\0" % (mi & 0x1fffff)
            h[148:156] = b"        "
            h[148:156] = b"%06o\0 " % sum(h)
            f.write(h)
        f.write(bytes(1024))


def newc_gz(path, n):
    """n character devices in a gzip newc archive, as an initramfs holds
    them: a header and a name each, the tuples as in tuples()."""
    out = bytearray()
    for i, (ma, mi) in enumerate(tuples(n)):
        name = b"dev/%08d\0" % i
        out += b"070701" + b"".join(b"%08X" % f for f in (
            i + 1, 0o20644, 0, 0, 1, 0, 0, 0, 0, ma & 0xffffffff, mi & 0xffffffff, len(name), 0))
        out += name + bytes((4 - (110 + len(name)) % 4) % 4)
    out += b"070701" + b"".join(b"%08X" % f for f in (0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 11, 0))
    out += b"TRAILER!!!\0" + bytes(3)
    with gzip.open(path, "wb", compresslevel=6) as f:
        f.write(out)


def scan(devnum, tmp):
    """devnum scan against libarchive's own lister on the same archives,
    and against decompressing alone, the floor for a compressed one."""
    if subprocess.run(["sh", "-c", "command -v bsdtar"], stdout=subprocess.DEVNULL).returncode:
        print("\nno bsdtar: scan is not raced against it")
        return
    path, sample = os.path.join(tmp, "devices.tar"), os.path.join(tmp, "sample.tar")
    ustar(path, ENTRIES)
    k = min(ENTRIES, 100000)
    ustar(sample, k)
    race_scan(devnum, path, f"{ENTRIES} device entries ({os.path.getsize(path) / 2**20:.0f} MiB ustar)",
              [], 1.2, sample=(sample, k))
    os.remove(path)
    small_archive(devnum, tmp)
    path, sample = os.path.join(tmp, "devices.cpio.gz"), os.path.join(tmp, "sample.cpio.gz")
    newc_gz(path, NEWC_ENTRIES)
    k = min(NEWC_ENTRIES, 100000)
    newc_gz(sample, k)
    race_scan(devnum, path, f"{NEWC_ENTRIES} device entries "
              f"({os.path.getsize(path) / 2**20:.0f} MiB gzip newc)",
              [("gzip -dc", ["gzip", "-dc"])], 0.5, floor_goal=1.5, sample=(sample, k))
    os.remove(path)
    scan_image(devnum, tmp)
    scan_layers(devnum, tmp)


def spawned(spawn, rows, runs):
    """Each (name, command) of rows run `runs` times one after another by
    spawn.c, ROUNDS times in alternation: the seconds by name."""
    times = {name: [] for name, _ in rows}
    for _ in range(ROUNDS):
        for name, cmd in rows:
            out = subprocess.run([spawn, str(runs), *cmd], stdout=subprocess.PIPE, check=True).stdout
            times[name].append(float(out))
    return times


def small_archive(devnum, tmp):
    """devnum scan of a 1,000-entry ustar against bsdtar -tvf: 200 runs of
    each one after another (spawn.c), median of ROUNDS; goal 1.2x.  What
    a short run costs is start-up: the libraries loaded, the tables made."""
    spawn = build(tmp, "spawn", os.path.join(HERE, "spawn.c"))
    path = os.path.join(tmp, "small.tar")
    ustar(path, 1000)
    rows = [("bsdtar -tvf", [shutil.which("bsdtar"), "-tvf", path]), ("devnum scan", [devnum, "scan", path])]
    times = spawned(spawn, rows, 200)
    base = statistics.median(times[rows[0][0]])
    print(f"\nscan of a 1,000-entry ustar against bsdtar -tvf: 200 runs one after another, "
          f"median of {ROUNDS} alternating rounds; Ir and faults of one run")
    print(f"  {'contender':<26} {'ms a run':>9} {'vs bsdtar':>10} {'goal':>9} {'Ir/run':>9} {'faults':>8}")
    for name, cmd in rows:
        m = statistics.median(times[name])
        mark = "1.2x " + ("ok" if m / base <= 1.2 else "MISSED") if name == "devnum scan" else ""
        print(f"  {name:<26} {m / 0.2:9.3f} {m / base:9.2f}x {mark:>9} {' '.join(costs(cmd, '/dev/null', 1))}")
    os.remove(path)


def real_layer(tmp, mib):
    """A tar of about mib MiB of the files on this machine (/usr/lib/python3,
    then /usr/share), with one character device, 8:256, as a real layer
    holds one among its files."""
    import tarfile
    path, total = os.path.join(tmp, "layer.tar"), 0
    with tarfile.open(path, "w", format=tarfile.GNU_FORMAT) as t:
        node = tarfile.TarInfo("dev/big")
        node.type, node.devmajor, node.devminor = tarfile.CHRTYPE, 8, 256
        t.addfile(node)
        for top in ("/usr/lib/python3", "/usr/share"):
            for root, dirs, files in os.walk(top):
                dirs.sort()
                for name in sorted(files):
                    p = os.path.join(root, name)
                    if total >= mib << 20:
                        return path
                    if os.path.isfile(p) and not os.path.islink(p) and os.access(p, os.R_OK):
                        t.add(p, recursive=False)
                        total += os.path.getsize(p)
    return path


def scan_layers(devnum, tmp):
    """devnum scan of a real-sized layer (BENCH_LAYER_MIB of files, default
    400) compressed with gzip -6, zstd and xz, against bsdtar -tvf and each
    decompressor alone, the floor: ISA-L's igzip for gzip, where installed
    (Debian package isal)."""
    have = lambda tool: not subprocess.run(["sh", "-c", f"command -v {tool}"],
                                           stdout=subprocess.DEVNULL).returncode
    raw = real_layer(tmp, int(os.environ.get("BENCH_LAYER_MIB", "400")))
    size = os.path.getsize(raw) / 2**20
    rows = [("gzip", ["gzip", "-6", "-c"], [("igzip -dc", ["igzip", "-dc"]), ("gzip -dc", ["gzip", "-dc"])],
             0.5, 1.2),
            ("zstd", ["zstd", "-q", "-c"], [("zstd -dc", ["zstd", "-dc"])], None, 1.05),
            ("xz", ["xz", "-T2", "-1", "-c"], [("xz -dc", ["xz", "-dc"])], None, 1.05)]
    for tool, compress, floors, goal, floor_goal in rows:
        floors = [f for f in floors if have(f[1][0])]
        if not have(tool) or not floors:
            print(f"\nno {tool}: its layer is not measured")
            continue
        path = f"{raw}.{tool}"
        with open(raw, "rb") as i, open(path, "wb") as o:
            subprocess.run(compress, stdin=i, stdout=o, check=True)
        race_scan(devnum, path, f"a {size:.0f} MiB layer of this machine's files, "
                  f"{tool}'d ({os.path.getsize(path) / 2**20:.0f} MiB)", floors, goal,
                  floor_goal=floor_goal)
        os.remove(path)
    os.remove(raw)


def oci_image(tmp, n):
    """A three-layer OCI image layout in a tar: n device entries in all,
    each layer a gzip ustar; the layers' paths inside the tar."""
    import hashlib as h, io, json, tarfile
    blobs, layers = [], []
    for i in range(3):
        raw = os.path.join(tmp, f"layer{i}.tar")
        ustar(raw, n // 3)
        with open(raw, "rb") as f:
            data = gzip.compress(f.read(), 6)
        os.remove(raw)
        digest = h.sha256(data).hexdigest()
        blobs.append((f"blobs/sha256/{digest}", data))
        layers.append({"mediaType": "application/vnd.oci.image.layer.v1.tar+gzip",
                       "digest": f"sha256:{digest}", "size": len(data)})
    config = json.dumps({"architecture": "amd64", "os": "linux"}).encode()
    cd = h.sha256(config).hexdigest()
    manifest = json.dumps({"schemaVersion": 2, "config": {
        "mediaType": "application/vnd.oci.image.config.v1+json", "digest": f"sha256:{cd}",
        "size": len(config)}, "layers": layers}).encode()
    md = h.sha256(manifest).hexdigest()
    index = json.dumps({"schemaVersion": 2, "manifests": [{
        "mediaType": "application/vnd.oci.image.manifest.v1+json", "digest": f"sha256:{md}",
        "size": len(manifest)}]}).encode()
    path = os.path.join(tmp, "image.tar")
    with tarfile.open(path, "w") as t:
        for name, data in blobs + [(f"blobs/sha256/{cd}", config), (f"blobs/sha256/{md}", manifest),
                                   ("index.json", index), ("oci-layout", b'{"imageLayoutVersion":"1.0.0"}')]:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    return path, [name for name, _ in blobs]


def scan_image(devnum, tmp):
    """devnum scan of a three-layer OCI image against bsdtar listing each
    layer as it is extracted from the image, and against extracting and
    decompressing alone."""
    path, layers = oci_image(tmp, NEWC_ENTRIES)
    each = lambda tail: ["sh", "-c", "; ".join(f"bsdtar -xOf {path} {l} | {tail}" for l in layers)]
    race_scan(devnum, path, f"a three-layer OCI image of {NEWC_ENTRIES} device entries "
              f"({os.path.getsize(path) / 2**20:.0f} MiB, gzip layers)",
              [("bsdtar -xO | gzip -dc, each layer", each("gzip -dc >/dev/null"))], 0.7,
              ("bsdtar -tvf of each layer", each("bsdtar -tvf - >/dev/null")))
    race_jobs(devnum, path)
    os.remove(path)


def race_jobs(devnum, path):
    """devnum scan of the three-layer image with its layers read one after
    another (--jobs=1) and at once (one a CPU, the default; 2 at least)."""
    cpus = max(2, len(os.sched_getaffinity(0)))
    rows = [("devnum scan --jobs=1", [devnum, "scan", "--jobs=1"]),
            (f"devnum scan --jobs={cpus}", [devnum, "scan", f"--jobs={cpus}"])]
    times = rounds(rows, path)
    one = statistics.median(times[rows[0][0]])
    print(f"\nscan of the same image, its layers one after another and at once, on "
          f"{len(os.sched_getaffinity(0))} CPUs, median of {ROUNDS} alternating rounds")
    print(f"  {'contender':<26} {'median s':>9} {'vs jobs=1':>10} {'goal':>9}")
    for name, _ in rows:
        m = statistics.median(times[name])
        mark = f"0.6x {'ok' if m / one <= 0.6 else 'MISSED'}" if name != rows[0][0] else ""
        print(f"  {name:<26} {m:9.3f} {m / one:9.2f}x {mark:>9}")
    if cpus == 2:
        print("  (three equal layers on two CPUs: the third read alone, its records made by a "
              "thread behind its reading)")


def rounds(rows, data, inputs=None):
    """Each (name, command) of rows run on data (or on inputs[name]),
    ROUNDS times in alternation: the times by name; a status other than
    0 and 1 said."""
    times = {name: [] for name, _ in rows}
    for _ in range(ROUNDS):
        for name, cmd in rows:
            t, rc, _ = run(cmd, inputs[name] if inputs else data)
            if rc not in (0, 1):
                print(f"  {name}: exit status {rc}")
            times[name].append(t)
    return times


def race_scan(devnum, path, what, floors, goal, lister=("bsdtar -tvf", ["bsdtar", "-tvf", "-"]),
              floor_goal=None, sample=None):
    """sample: (a smaller archive of the same kind, its entries), whose
    instructions an entry and page faults are printed beside the times."""
    rows = [lister, ("devnum scan", [devnum, "scan"]),
            ("devnum scan --json", [devnum, "scan", "--json"])] + floors
    times = rounds(rows, path)
    base = statistics.median(times[lister[0]])
    print(f"\nscan against {lister[0]}: {what}, median of {ROUNDS} alternating rounds"
          + (f"; Ir/entry and faults of {sample[1]} entries" if sample else ""))
    print(f"  {'contender':<26} {'median s':>9} {'vs bsdtar':>10} {'goal':>9}"
          + (f" {'Ir/entry':>9} {'faults':>8}" if sample else ""))
    for name, cmd in rows:
        m = statistics.median(times[name])
        mark = f"{goal}x " + ("ok" if m / base <= goal else "MISSED") if name == "devnum scan" and goal else ""
        extra = " ".join(costs(cmd, sample[0], sample[1])) if sample else ""
        print(f"  {name:<26} {m:9.3f} {m / base:9.2f}x {mark:>9} {extra}")
    if floors:
        floor = statistics.median(times[floors[0][0]])
        ratio = statistics.median(times['devnum scan']) / floor
        mark = f" (goal {floor_goal}x: {'ok' if ratio <= floor_goal else 'MISSED'})" if floor_goal else ""
        print(f"  devnum scan takes {ratio:.2f}x the time of {floors[0][0]} alone{mark}")


def fs_images(tmp, n):
    """An ext4, a squashfs and an erofs image of the same tree, made by
    mke2fs -d, mksquashfs and mkfs.erofs from nodes made with mknod(2)
    (under fakeroot when not root): n device inodes in /d and n empty files
    in /f, a thousand to a directory; the devices mostly 8:8 tuples, some in
    i_block[1]."""
    root = os.path.join(tmp, f"root{n}")
    ext4, sqfs = os.path.join(tmp, f"img{n}.ext4"), os.path.join(tmp, f"img{n}.sqfs")
    erofs = os.path.join(tmp, f"img{n}.erofs")
    make = ("import os,stat,random,subprocess,sys\n"
            "root,ext4,sqfs,erofs,n=sys.argv[1],sys.argv[2],sys.argv[3],sys.argv[4],int(sys.argv[5])\n"
            "r=random.Random(3)\n"
            "for i in range(n):\n"
            " d='%d/%d'%(i//1000,i)\n"
            " if i%1000==0: os.makedirs(root+'/d/%d'%(i//1000)); os.makedirs(root+'/f/%d'%(i//1000))\n"
            " ma,mi=(r.randrange(256),r.randrange(256)) if r.random()<0.8 else (r.randrange(4096),r.randrange(1<<20))\n"
            " os.mknod(root+'/d/'+d,stat.S_IFCHR|0o600,os.makedev(ma,mi)); open(root+'/f/'+d,'w').close()\n"
            "subprocess.run(['mke2fs','-q','-F','-t','ext4','-N',str(2*n+1000),'-d',root,ext4,'%dK'%(2*n+65536)],check=True)\n"
            "subprocess.run(['mksquashfs',root,sqfs,'-quiet','-no-progress','-noappend'],check=True)\n"
            "subprocess.run(['mkfs.erofs','--quiet',erofs,root],check=True)\n")
    cmd = ["python3", "-c", make, root, ext4, sqfs, erofs, str(n)]
    if os.geteuid() != 0:
        cmd = ["fakeroot", "--"] + cmd
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["rm", "-rf", root], check=True)
    return ext4, sqfs, erofs


def peak_rss(cmd, data):
    """The peak resident set, in KiB, of cmd reading data, by GNU time."""
    with open(data, "rb") as f:
        p = subprocess.run(["/usr/bin/time", "-f", "%M", *cmd], stdin=f, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
    return int(p.stderr.strip().splitlines()[-1])


def race_image(devnum, img, what, peers, inodes=None):
    """devnum scan of an image against the field's own readers of it, the
    first of peers the base; each peer and scan within 1.0x of it; with
    inodes, each one's instructions an inode and page faults too."""
    rows = peers + [("devnum scan", [devnum, "scan"]), ("devnum scan --json", [devnum, "scan", "--json"]),
                    ("cat (reading the image once)", ["cat"])]
    times = rounds(rows, img)
    med = {name: statistics.median(times[name]) for name, _ in rows}
    print(f"\nscan of {what} ({os.path.getsize(img) / 2**20:.0f} MiB) against its own tools, "
          f"median of {ROUNDS} alternating rounds")
    print(f"  {'contender':<34} {'median s':>9} {'vs ' + peers[0][0].split()[0]:>12} {'goal':>16}"
          + (f" {'Ir/inode':>9} {'faults':>8}" if inodes else ""))
    for name, cmd in rows:
        mark = ""
        if name == "devnum scan":
            worst = max(peers, key=lambda p: med[name] / med[p[0]])[0]
            mark = f"1.0x {worst.split()[0]} " + ("ok" if med[name] <= med[worst] else "MISSED")
        extra = " ".join(costs(cmd, img, inodes)) if inodes else ""
        print(f"  {name:<34} {med[name]:9.3f} {med[name] / med[peers[0][0]]:11.2f}x {mark:>16} {extra}")


def scan_images(devnum, tmp):
    """devnum scan of an ext4 image of IMAGE_INODES device inodes among
    twice as many inodes against e2fsck -fn (a whole check: its pass 1 is
    the same scan of the inode tables) and debugfs listing every device
    directory; of a squashfs image of the same tree against unsquashfs
    -lln; of an erofs image of it against fsck.erofs (the whole check,
    which reads every inode and directory); and scan's peak memory on the
    ext4 image and on one a tenth its size."""
    n = int(os.environ.get("BENCH_IMAGE_INODES", "100000"))
    need = ["mke2fs", "e2fsck", "debugfs", "mksquashfs", "unsquashfs", "mkfs.erofs", "fsck.erofs",
            "/usr/bin/time"] + (
        [] if os.geteuid() == 0 else ["fakeroot"])
    path = os.environ.get("PATH", "") + ":/usr/local/sbin:/usr/sbin:/sbin"
    os.environ["PATH"] = path
    if not all(shutil.which(t) for t in need):
        print(f"\nno {' or '.join(need)}: the image scans are not measured")
        return
    (ext4, sqfs, erofs), small_set = fs_images(tmp, n), fs_images(tmp, n // 10)
    small = small_set[0]
    listing = os.path.join(tmp, "debugfs.cmds")
    with open(listing, "w") as f:
        f.writelines(f"ls -l -p /d/{k}\n" for k in range((n + 999) // 1000))
    race_image(devnum, ext4, f"an ext4 image of {n} device inodes in {2 * n}",
               [("e2fsck -fn", ["e2fsck", "-fn", ext4]),
                ("debugfs ls -l of every device dir", ["debugfs", "-f", listing, ext4])], 2 * n)
    race_image(devnum, sqfs, "a squashfs image of the same tree",
               [("unsquashfs -lln", ["unsquashfs", "-lln", sqfs])], 2 * n)
    race_image(devnum, erofs, "an erofs image of the same tree",
               [("fsck.erofs", ["fsck.erofs", erofs])], 2 * n)
    flat = flat_image(tmp, 30000)
    race_image(devnum, flat, "an ext4 image of 30000 devices in one directory (mke2fs -d)",
               [("e2fsck -fn", ["e2fsck", "-fn", flat])], 30000)
    os.remove(flat)
    print(f"  devnum scan's peak RSS on the ext4 image: {peak_rss([devnum, 'scan'], small)} KiB for "
          f"{n // 10} device inodes, {peak_rss([devnum, 'scan'], ext4)} KiB for {n}")
    diff_images(devnum, ext4, sqfs, n)
    for f in (ext4, sqfs, erofs) + small_set:
        os.remove(f)


def flat_image(tmp, n):
    """An ext4 image by mke2fs -d of a tree of n device nodes in one
    directory, as a /dev is (under fakeroot when not root)."""
    root, img = os.path.join(tmp, "flat"), os.path.join(tmp, "flat.ext4")
    make = ("import os,stat,subprocess,sys\n"
            "root,img,n=sys.argv[1],sys.argv[2],int(sys.argv[3])\n"
            "os.makedirs(root+'/dev')\n"
            "for i in range(n): os.mknod(root+'/dev/d%d'%i,stat.S_IFCHR|0o600,os.makedev(i%4096,i))\n"
            "subprocess.run(['mke2fs','-q','-F','-t','ext4','-N',str(n+1000),'-d',root,img,'%dK'%(n+65536)],"
            "check=True)\n")
    cmd = ["python3", "-c", make, root, img, str(n)]
    if os.geteuid() != 0:
        cmd = ["fakeroot", "--"] + cmd
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["rm", "-rf", root], check=True)
    return img


def diff_images(devnum, a, b, n):
    """devnum diff of the ext4 and the squashfs image of one tree (n
    devices each, all the same: nothing printed) against devnum scan of
    both, one after the other; goal 1.2x.  Its peak RSS beside scan's."""
    rows = [("devnum scan A B", [devnum, "scan", a, b]), ("devnum diff A B", [devnum, "diff", a, b]),
            ("devnum diff --jobs=1 A B", [devnum, "diff", "--jobs=1", a, b])]
    same = subprocess.run([devnum, "diff", a, b], stdout=subprocess.PIPE).returncode == 0
    times = rounds(rows, "/dev/null")
    base = statistics.median(times[rows[0][0]])
    print(f"\ndiff of the ext4 and the squashfs image ({n} devices each) against scanning both, "
          f"median of {ROUNDS} alternating rounds; {'the same devices' if same else 'DEVICES DIFFER'}")
    print(f"  {'contender':<26} {'median s':>9} {'vs scan':>8} {'goal':>9} {'peak KiB':>9}")
    for name, cmd in rows:
        m = statistics.median(times[name])
        mark = "1.2x " + ("ok" if m / base <= 1.2 else "MISSED") if name == rows[1][0] else ""
        print(f"  {name:<26} {m:9.3f} {m / base:7.2f}x {mark:>9} {peak_rss(cmd, '/dev/null'):9}")


def nested_inputs(tmp, mib):
    """A live ISO (xorriso) whose live/filesystem.squashfs (mksquashfs, no
    compression) holds 10,000 devices and mib MiB of random data; and a
    GPT disk image (sfdisk) of two partitions, an ext4 made by mke2fs -d
    -E offset= and that squashfs."""
    root, sq = os.path.join(tmp, "nroot"), os.path.join(tmp, "iso", "live", "filesystem.squashfs")
    iso, disk = os.path.join(tmp, "live.iso"), os.path.join(tmp, "disk.img")
    make = ("import os,stat,sys\n"
            "root,mib=sys.argv[1],int(sys.argv[2])\n"
            "os.makedirs(root+'/dev')\n"
            "for i in range(10000): os.mknod(root+'/dev/d%d'%i,stat.S_IFBLK|0o600,os.makedev(8+i%200,i))\n"
            "f=open(root+'/data','wb')\n"
            "for _ in range(mib): f.write(os.urandom(1<<20))\n")
    maker = os.path.join(tmp, "make_tree.py")
    with open(maker, "w") as f:
        f.write(make)
    os.makedirs(os.path.dirname(sq))
    script = " && ".join([
        f"python3 {maker} {root} {mib}",
        f"mksquashfs {root} {sq} -quiet -no-progress -noappend -noI -noD -noF -noX",
        f"mke2fs -q -F -t ext4 -d {root}/dev {tmp}/p1.ext4 64M"])
    subprocess.run(["bash", "-c", script] if os.geteuid() == 0 else ["fakeroot", "--", "bash", "-c", script],
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["xorriso", "-as", "mkisofs", "-quiet", "-R", "-o", iso, os.path.join(tmp, "iso")],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    p1 = 65536 * 2  # sectors of 512 bytes
    p2 = (os.path.getsize(sq) + 511) // 512
    with open(disk, "wb") as f:
        f.truncate((2048 + p1 + p2 + 2048) * 512)
    table = f"label: gpt\nstart=2048, size={p1}, type=L\nstart={2048 + p1}, size={p2}, type=L\n"
    subprocess.run(["sfdisk", "-q", disk], input=table, text=True, check=True)
    for part, at in ((os.path.join(tmp, "p1.ext4"), 2048), (sq, 2048 + p1)):
        subprocess.run(["dd", f"if={part}", f"of={disk}", "bs=512", f"seek={at}", "conv=notrunc",
                        "status=none"], check=True)
    subprocess.run(["rm", "-rf", root, os.path.join(tmp, "p1.ext4")], check=True)
    return iso, disk, (2048, p1, 2048 + p1, p2)


def scan_nested(devnum, tmp):
    """devnum scan of a live ISO holding a squashfs, and of a two-partition
    disk image, against doing it by hand: extracting the member (bsdtar
    -xOf) or cutting each partition out (dd) and scanning what comes out.
    Goal: at most 1.1x."""
    mib = int(os.environ.get("BENCH_NESTED_MIB", "400"))
    need = ["xorriso", "mksquashfs", "mke2fs", "sfdisk", "bsdtar", "dd"] + (
        [] if os.geteuid() == 0 else ["fakeroot"])
    if not all(shutil.which(t) for t in need):
        print(f"\nno {' or '.join(need)}: the nested scans are not measured")
        return
    iso, disk, (s1, n1, s2, n2) = nested_inputs(tmp, mib)
    x = os.path.join(tmp, "x")
    cases = [
        (f"a live ISO with a {mib} MiB squashfs", iso,
         ("bsdtar -xOf, then devnum scan", ["bash", "-c", f"bsdtar -xOf {iso} live/filesystem.squashfs >{x} && "
                                            f"{devnum} scan {x}"])),
        ("a two-partition GPT disk image", disk,
         ("dd of each partition, then devnum scan", ["bash", "-c",
          f"dd if={disk} of={x}1 bs=512 skip={s1} count={n1} status=none && "
          f"dd if={disk} of={x}2 bs=512 skip={s2} count={n2} status=none && {devnum} scan {x}1 {x}2"])),
    ]
    for what, path, by_hand in cases:
        rows = [by_hand, ("devnum scan", [devnum, "scan", path])]
        counts = [run(cmd, "/dev/null", keep=True)[2].count(b"\n") for _, cmd in rows]
        times = rounds(rows, "/dev/null")
        base = statistics.median(times[by_hand[0]])
        m = statistics.median(times["devnum scan"])
        print(f"\nscan of {what} ({os.path.getsize(path) / 2**20:.0f} MiB) against doing it by hand, "
              f"median of {ROUNDS} alternating rounds")
        print(f"  {'same devices' if counts[0] == counts[1] else 'DEVICES DIFFER'}: "
              f"{counts[0]} records by hand, {counts[1]} by devnum scan")
        print(f"  {'contender':<40} {'median s':>9} {'vs by hand':>11} {'goal':>9}")
        print(f"  {by_hand[0]:<40} {base:9.3f} {1:10.2f}x")
        print(f"  {'devnum scan':<40} {m:9.3f} {m / base:10.2f}x "
              f"{'1.1x ' + ('ok' if m / base <= 1.1 else 'MISSED'):>9}")
    for f in (iso, disk, x, x + "1", x + "2"):
        if os.path.exists(f):
            os.remove(f)


def oneshot(devnum, tmp):
    """devnum encode 3 1 against a makedev program linked with the shared C
    library, the floor of any dynamic program (goal 1.1x); the same program
    static, and linked with libpopt too (what loading popt alone costs),
    for reference: 2000 runs of each by spawn.c, alternating rounds."""
    spawn = build(tmp, "spawn", os.path.join(HERE, "spawn.c"))
    src = os.path.join(HERE, "makedev.c")
    shared = build(tmp, "makedev-shared", src)
    rows = [("shared makedev program", [shared])]
    static = os.path.join(tmp, "makedev")
    if subprocess.run([CC, "-O2", "-static", "-o", static, src],
                      stderr=subprocess.DEVNULL).returncode == 0:
        rows.append(("static makedev program", [static]))
    popt = os.path.join(tmp, "makedev-popt")
    if subprocess.run([CC, "-O2", "-o", popt, src, "-Wl,--no-as-needed", "-lpopt"],
                      stderr=subprocess.DEVNULL).returncode == 0:
        rows.append(("the same, linked with libpopt", [popt]))
    rows.append(("devnum encode 3 1", [devnum, "encode", "3", "1"]))
    times = spawned(spawn, rows, 2000)
    base = statistics.median(times[rows[0][0]])
    print(f"\none-shot latency: 2000 runs one after another, median of {ROUNDS} alternating rounds")
    print(f"  {'contender':<30} {'ms a run':>9} {'vs shared':>10} {'goal':>9} {'Ir/run':>9} {'faults':>8}")
    for name, cmd in rows:
        m = statistics.median(times[name])
        mark = "1.1x " + ("ok" if m / base <= 1.1 else "MISSED") if name == rows[-1][0] else ""
        print(f"  {name:<30} {m / 2:9.3f} {m / base:9.2f}x {mark:>9} {' '.join(costs(cmd, '/dev/null', 1))}")


def library(tmp):
    """libbench.c against the built library."""
    src = os.path.join(HERE, "libbench.c")
    out = os.path.join(tmp, "libbench")
    cflags = os.environ.get("LIB_CFLAGS", "").split()
    libs = os.environ.get("LIB_LIBS", "-ldevnum").split()
    subprocess.run([CC, "-O2", "-fno-tree-vectorize", *cflags, "-o", out, src, *libs], check=True)
    print()
    sys.stdout.flush()
    subprocess.run([out], check=True)


def main():
    devnum = os.path.abspath(sys.argv[1])
    limit_c = sys.argv[2] if len(sys.argv) > 2 else ""
    print(f"CPU: {cpu_model()}")
    with tempfile.TemporaryDirectory() as tmp:
        raws, pairs = os.path.join(tmp, "raw.txt"), os.path.join(tmp, "tuples.txt")
        with open(raws, "w") as fr, open(pairs, "w") as fp:
            for ma, mi in tuples(N):
                fr.write("0x%x\n" % makedev(ma, mi))
                fp.write("%d:%d\n" % (ma, mi))
        commands(devnum, tmp, raws, pairs, limit_c)
        registry_commands(devnum, tmp, raws, pairs)
        py_dec = ("import os,sys\nw=sys.stdout.write\nfor l in sys.stdin:\n"
                  " r=int(l,0); w('%d:%d\\n' % (os.major(r), os.minor(r)))")
        py_enc = ("import sys\nw=sys.stdout.write\nfor l in sys.stdin:\n"
                  " a,b=map(int,l.split(':')); w('%#x\\n' % ((a&0xfffff000)<<32|(a&0xfff)<<8|"
                  "(b&0xffffff00)<<12|(b&0xff)))")
        pl_dec = ('$r=hex($_); printf "%d:%d\\n", (($r>>32)&0xfffff000)|(($r>>8)&0xfff), '
                  '(($r>>12)&0xffffff00)|($r&0xff)')
        pl_enc = ('($a,$b)=split /:/; printf "0x%x\\n", (($a&0xfffff000)<<32)|(($a&0xfff)<<8)|'
                  '(($b&0xffffff00)<<12)|($b&0xff)')
        dec = [
            ("devnum decode --scheme=glibc", [devnum, "decode", "--scheme=glibc"]),
            ("C fgets/strtoull/printf", [build(tmp, "naive_decode", os.path.join(HERE, "naive_decode.c"))]),
            ("perl -ne hex/printf", ["perl", "-ne", pl_dec]),
            ("python3 os.major/os.minor", ["python3", "-c", py_dec]),
        ]
        enc = [
            ("devnum encode --scheme=glibc", [devnum, "encode", "--scheme=glibc"]),
            ("C fgets/sscanf/makedev/printf", [build(tmp, "naive_encode", os.path.join(HERE, "naive_encode.c"))]),
            ("perl -ne split/printf", ["perl", "-ne", pl_enc]),
            ("python3 makedev formula", ["python3", "-c", py_enc]),
        ]
        race("decode against what a user would write instead", raws, dec)
        race("encode against what a user would write instead", pairs, enc)
        scan(devnum, tmp)
        scan_images(devnum, tmp)
        scan_nested(devnum, tmp)
        oneshot(devnum, tmp)
        library(tmp)


if __name__ == "__main__":
    main()
