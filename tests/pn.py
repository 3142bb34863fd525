#!/usr/bin/env python3
"""pn.py ISO: every Rock Ridge PN of an ISO 9660 image, read from its own
bytes, as lines "NAME HIGH LOW" (NAME the Rock Ridge name, HIGH and LOW
PN's dev_high and dev_low, their little-endian halves).  The tests' own
reader, written from ECMA-119 and RRIP 1.12, to hold devnum's reading of
libarchive's joined dev_t against."""
import struct, sys

SECTOR = 2048


def susp(img, data, names):
    """The SUSP entries of a system use area, following CE continuations."""
    out, areas = {}, [data]
    while areas:
        d, i = areas.pop(), 0
        while i + 4 <= len(d):
            sig, length = d[i:i + 2], d[i + 2]
            if length < 4:
                break
            body = d[i + 4:i + length]
            if sig == b"PN":
                out["pn"] = (struct.unpack_from("<I", body, 0)[0], struct.unpack_from("<I", body, 8)[0])
            elif sig == b"NM":
                names.append(body[1:])
            elif sig == b"CE":
                block, off, size = (struct.unpack_from("<I", body, k)[0] for k in (0, 8, 16))
                areas.append(img[block * SECTOR + off:block * SECTOR + off + size])
            elif sig == b"ST":
                break
            i += length
    return out


def walk(img, extent, size, depth=0):
    pos, end = extent * SECTOR, extent * SECTOR + size
    while pos < end and depth < 16:
        n = img[pos]
        if n == 0:
            pos = (pos // SECTOR + 1) * SECTOR
            continue
        rec = img[pos:pos + n]
        ext, length, flags, nl = struct.unpack_from("<I", rec, 2)[0], struct.unpack_from("<I", rec, 10)[0], rec[25], rec[32]
        name = rec[33:33 + nl]
        su = rec[33 + nl + (1 - nl % 2):]
        if name not in (b"\0", b"\1"):
            names = []
            entries = susp(img, su, names)
            rr = b"".join(names).decode() or name.decode()
            if "pn" in entries:
                print(rr, *entries["pn"])
            if flags & 2:
                walk(img, ext, length, depth + 1)
        pos += n


img = open(sys.argv[1], "rb").read()
root = img[16 * SECTOR + 156:16 * SECTOR + 190]
walk(img, struct.unpack_from("<I", root, 2)[0], struct.unpack_from("<I", root, 10)[0])
