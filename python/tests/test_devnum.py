"""The Python binding of libdevnum, held to values derived by hand, to the C
library's own makedev (os.makedev), to devnum vectors, and to the devnum
program on random values."""

import doctest
import os
import pickle
import random
import sys
import threading

import pytest

import devnum
from conftest import run_devnum

PACKED = [s for s in devnum.schemes() if s.packed]
RANDOM_VALUES = 10_000


def test_readme_example():
    # 8 << 8 | (256 & 0xff) | (256 & ~0xff) << 12, by hand
    assert hex(devnum.scheme("glibc").encode(8, 256)) == "0x100800"


def test_versions():
    assert devnum.__version__ == devnum.library_version()
    assert all(part.isdigit() for part in devnum.__version__.split("."))


def test_schemes_are_the_programs():
    listed = [r["scheme"] for r in run_devnum("schemes", "--json")]
    assert [s.name for s in devnum.schemes()] == listed


def test_every_name_finds_its_scheme():
    for s in devnum.schemes():
        for name in s.names:
            assert devnum.scheme(name) is s
            assert devnum.scheme(name.upper()) is s
    with pytest.raises(ValueError, match="unknown scheme 'no-such'"):
        devnum.scheme("no-such")


def test_scheme_attributes():
    s = devnum.scheme("linux32")
    assert (s.name, s.width, s.major_max, s.minor_max) == ("linux32", 32, 4095, 1048575)
    assert s.raw_max == 0xFFFFFFFF and s.packed
    assert devnum.scheme("xfs").ignored == 0xF8000000  # bits 31:27
    assert devnum.scheme("aix").fixed == 1 << 63  # DEVNUM64
    assert devnum.scheme("freebsd11").minor_max == 0xFFFF00FF
    assert not devnum.scheme("tuple").packed
    assert devnum.scheme("glibc").within_scheme is devnum.scheme("kernel")
    assert repr(s) == "<devnum.Scheme linux32>" and str(s) == "linux32"
    with pytest.raises(AttributeError):
        s.name = "other"
    with pytest.raises(TypeError):
        devnum.Scheme()


def test_refused_carries_the_librarys_cause_and_words():
    s = devnum.scheme("linux32")
    with pytest.raises(devnum.Refused) as e:
        s.encode(4096, 0)
    assert isinstance(e.value, ValueError)
    assert str(e.value) == "major 4096 out of range for linux32 (at most 4095)"
    assert (e.value.cause, e.value.part, e.value.value, e.value.limit) == (
        "too-big", "major", 4096, 4095)
    assert e.value.scheme is s
    with pytest.raises(devnum.Refused) as e:
        devnum.scheme("solaris").decode(2**64 - 1)
    assert e.value.cause == "sentinel"


def test_decode_canonical_and_aliases():
    split32 = devnum.scheme("split32")
    # a legacy 8:8 value in the window: 1:3, whose canonical form is 1 << 32 | 3
    assert split32.decode(0x103) == (1, 3)
    assert split32.canonical(0x103) == 0x100000003
    xfs = devnum.scheme("xfs")
    aliases = xfs.aliases(8, 1)
    # xfs: 8 << 18 | 1, five ignored bits 31:27
    assert aliases.count == 32
    raws = list(aliases)
    assert raws[0] == 0x200001 and len(set(raws)) == 32
    assert all(xfs.decode(r) == (8, 1) and xfs.canonical(r) == 0x200001 for r in raws)
    # glibc: major bits 19:8 (0x0b3), minor bits 7:0 and 31:20 (0x1 << 8)
    assert devnum.scheme("glibc").decode_unchecked(0x10B300) == (179, 256)
    # 8:8 read by a shift with no mask: 0x10b300 >> 8 is 4275
    assert devnum.scheme("legacy").decode_unchecked(0x10B300) == (4275, 0)


def test_within():
    glibc = devnum.scheme("glibc")
    assert glibc.within(4095, 1048575)
    assert not glibc.within(4096, 0)
    assert not glibc.within(0, 1048576)


def test_bad_arguments():
    glibc = devnum.scheme("glibc")
    with pytest.raises(OverflowError):
        glibc.encode(-1, 0)
    with pytest.raises(OverflowError):
        glibc.decode(2**64)
    with pytest.raises(TypeError):
        glibc.encode(1)
    with pytest.raises(TypeError):
        glibc.decode("0x100")


def test_pickle_gives_the_same_objects():
    for obj in devnum.schemes() + devnum.containers():
        assert pickle.loads(pickle.dumps(obj)) is obj


def test_containers_are_the_programs():
    listed = [r["container"] for r in run_devnum("containers", "--json")]
    assert [c.name for c in devnum.containers()] == listed
    for c in devnum.containers():
        for name in c.names:
            assert devnum.container(name) is c


def test_fit_by_hand():
    linux = devnum.container("linux")
    # musl's makedev, then the kernel's 12:20 MKDEV cut to 32 bits: 4096 << 20 is 2**32
    j = linux.fit(4096, 0, "musl")
    assert (j.fate, j.becomes, j.cause) == ("truncated", (0, 0), "above")
    j = linux.fit(4096, 0, "glibc")
    assert (j.fate, j.becomes) == ("refused", None)
    # GNU cpio's odc: 18 bits of raw, 8:256 is 0x100800, cut to 0x800
    j = devnum.container("cpio-odc").fit(8, 256, "gnu-cpio")
    assert (j.fate, j.becomes) == ("truncated", (8, 0))
    j = devnum.container("cpio-odc").fit(8, 1)
    assert (j.fate, j.becomes, j.reason, j.raw) == ("survives", (8, 1), None, 0x801)
    assert j.scheme is devnum.scheme("glibc")
    with pytest.raises(ValueError):
        linux.fit(8, 1, "mksquashfs")


@pytest.mark.parametrize("container", devnum.containers(), ids=str)
def test_fit_agrees_with_the_program(container):
    tuples = ["8:1", "8:256", "4095:1048575", "4096:0", "0:1048576", "65535:65535"]
    for writer in (None,) + container.writers:
        args = ["fits", "--json", "--into", container.name, *tuples]
        if writer:
            args.append("--writer=" + writer)
        for text, record in zip(tuples, run_devnum(*args)):
            major, minor = map(int, text.split(":"))
            j = container.fit(major, minor, writer)
            assert j.fate == record["verdict"], (writer, text)
            becomes = record.get("becomes", text if j.fate == "survives" else None)
            expected = tuple(map(int, becomes.split(":"))) if becomes else None
            if j.fate in ("refused", "too-big", "left-out", "no-device"):
                expected = None
            assert j.becomes == expected, (writer, text)


@pytest.mark.parametrize("container", devnum.containers(), ids=str)
def test_pack_and_unpack_agree_with_the_program(container):
    tuples = ["0:0", "8:1", "8:256", "4095:1048575", "4096:0", "65535:65535", "4294967295:0"]
    packed = []
    for text, record in zip(tuples, run_devnum("pack", "--json", container.name, *tuples)):
        j = container.pack(*map(int, text.split(":")))
        if "error" in record:
            assert j.fate != "survives" and j.fields is None, text
            assert record["error"].endswith(": " + j.reason), text
            continue
        assert (j.fate, j.becomes, j.fields) == (
            "survives", tuple(map(int, text.split(":"))), " ".join(record["fields"])), text
        packed.append(j.fields)
    assert packed, "no tuple packs"
    # one set of fields a line: as operands, words would pair up across sets
    records = run_devnum("unpack", "--json", container.name, stdin="".join(f + "\n" for f in packed))
    assert len(records) == len(packed)
    for text, record in zip(packed, records):
        j = container.unpack(text)
        assert j.fate == record["verdict"], text
        assert j.becomes == (record["major"], record["minor"]), text
        if j.fate == "canonical":
            assert j.fields == text
    with pytest.raises(ValueError):
        container.unpack("not fields")


def test_unpack_by_hand():
    # xfs ignores bits 31:27: 0xf8200001 is 8:1, whose canonical raw is 8 << 18 | 1
    j = devnum.container("xfs").unpack("0xf8200001")
    assert (j.fate, j.becomes, j.fields, j.cause) == ("alias", (8, 1), "0x00200001", "noncanonical")
    # 0777777 is odc's every-bit value, what bsdtar stores for a raw it cannot hold
    j = devnum.container("cpio-odc").unpack("777777")
    assert (j.fate, j.cause) == ("damaged", "saturation")
    with pytest.raises(ValueError, match="c_rdev: '0004001' is not 1 to 6 octal digits"):
        devnum.container("cpio-odc").unpack("0004001")


def test_vectors_agree(vectors):
    for v in vectors:
        s = devnum.scheme(v["scheme"])
        if v["form"] == "tuple":
            if v["valid"]:
                assert s.encode(v["major"], v["minor"]) == v["raw"], v
                aliases = s.aliases(v["major"], v["minor"])
                assert aliases.count == v["count"] and next(aliases) == v["raw"]
            else:
                with pytest.raises(devnum.Refused) as e:
                    s.encode(v["major"], v["minor"])
                assert (e.value.cause, str(e.value)) == (v["verdict"], v["note"]), v
        elif v["valid"]:
            assert s.decode(v["raw"]) == (v["major"], v["minor"]), v
            assert s.canonical(v["raw"]) == v.get("canonical_raw", v["raw"]), v
        else:
            with pytest.raises(devnum.Refused) as e:
                s.decode(v["raw"])
            assert (e.value.cause, str(e.value)) == (v["verdict"], v["note"]), v


def test_vectors_agree_with_the_c_library(vectors):
    """os.makedev, os.major and os.minor are the C library's: glibc's layout.
    os.makedev takes C ints: parts from 2**31 on overflow in Python itself."""
    if devnum.native() is not devnum.scheme("glibc"):
        pytest.fail("not a glibc or musl system: os.makedev is not the glibc layout")
    checked = 0
    for v in vectors:
        if v["scheme"] != "glibc" or not v["valid"] or max(v["major"], v["minor"]) >= 2**31:
            continue
        assert os.makedev(v["major"], v["minor"]) == v["raw"], v
        assert (os.major(v["raw"]), os.minor(v["raw"])) == (v["major"], v["minor"]), v
        checked += 1
    assert checked > 25


def random_raws(rng, s):
    """Raw values of every size up to the width and a bit past it."""
    for _ in range(RANDOM_VALUES):
        yield rng.getrandbits(rng.randint(0, min(64, s.width + 1)))


def random_tuples(rng):
    """Parts of every size up to 33 bits, past every scheme's."""
    for _ in range(RANDOM_VALUES):
        yield rng.getrandbits(rng.randint(0, 33)), rng.getrandbits(rng.randint(0, 33))


def answered(command, scheme, inputs, text, call):
    """Each input with the program's record for it, where the binding's
    call answers too; where the program refused it, the binding's
    refusal is checked here, with the same words, and the input left out."""
    records = run_devnum(command, "--json", "--scheme=" + scheme.name,
                         stdin="".join(text % i + "\n" for i in inputs))
    assert len(records) == len(inputs)
    for given, record in zip(inputs, records):
        if "error" not in record:
            yield given, record
            continue
        with pytest.raises(devnum.Refused) as e:
            call(given)
        assert str(e.value) == record["error"]


@pytest.mark.parametrize("scheme", PACKED, ids=str)
def test_random_decode_against_the_program(scheme):
    raws = list(random_raws(random.Random("decode " + scheme.name), scheme))
    for raw, record in answered("decode", scheme, raws, "0x%x", scheme.decode):
        t = scheme.decode(raw)
        assert t == (record["major"], record["minor"]), hex(raw)
        canonical = scheme.canonical(raw)
        assert canonical == record.get("canonical_raw", raw), hex(raw)
        # the round trip: the tuple encodes to the canonical value
        assert scheme.encode(*t) == canonical


@pytest.mark.parametrize("scheme", devnum.schemes(), ids=str)
def test_random_encode_against_the_program(scheme):
    tuples = list(random_tuples(random.Random("encode " + scheme.name)))
    for t, record in answered("encode", scheme, tuples, "%d:%d", lambda t: scheme.encode(*t)):
        raw = scheme.encode(*t)
        if scheme.packed:
            assert raw == record["raw"], t
        assert scheme.decode(raw) == t
        assert scheme.canonical(raw) == raw


def workload():
    """Answers for a mix of every call, to compare across threads."""
    rng = random.Random(8)
    out = []
    for s in PACKED:
        for _ in range(500):
            raw = rng.getrandbits(s.width)
            try:
                out.append((s.decode(raw), s.canonical(raw)))
            except devnum.Refused as e:
                out.append(str(e))
            t = (rng.getrandbits(13), rng.getrandbits(21))
            try:
                out.append(s.encode(*t))
            except devnum.Refused as e:
                out.append((e.cause, str(e)))
            out.append(devnum.container("linux").fit(*t, "musl"))
    return out


def test_eight_threads_give_the_same_answers():
    expected = workload()
    start = threading.Barrier(8)
    results = [None] * 8

    def run(i):
        start.wait()
        results[i] = workload()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r == expected for r in results)


def manual_examples():
    """The >>> examples of devnum-python(7), troff escapes undone."""
    page = os.path.join(os.environ.get("top_srcdir", "."), "man", "devnum-python.7.in")
    if not os.path.isfile(page):
        pytest.skip("devnum-python(7) is in devnum's source tree, not here: set top_srcdir to it")
    with open(page, encoding="utf-8") as f:
        text = f.read().split(".SH EXAMPLES", 1)[1]
    block = text.split(".EX\n", 1)[1].split(".EE\n", 1)[0]
    for troff, plain in (("\\(aq", "'"), ("\\-", "-"), ("\\&", "")):
        block = block.replace(troff, plain)
    return block


def test_the_manuals_examples():
    parser = doctest.DocTestParser()
    test = parser.get_doctest(manual_examples(), {}, "devnum-python(7)", None, 0)
    runner = doctest.DocTestRunner(verbose=False, optionflags=doctest.ELLIPSIS)
    result = runner.run(test, out=sys.stdout.write)
    assert result.attempted > 10 and result.failed == 0


def test_the_packages_docstring():
    result = doctest.testmod(devnum, verbose=False, optionflags=doctest.ELLIPSIS, report=False)
    assert result.attempted >= 3 and result.failed == 0
