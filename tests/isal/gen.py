#!/usr/bin/env python3
"""gen.py CORPUS OUT: each archive of CORPUS gzip'd in 14 ways, into
OUT/NNN.gz, for same.sh to read with two builds; the count on stdout.
The gzip framing is written here by hand (RFC 1952), the deflate data by
zlib, so every header field and every cut is where it is meant to be."""
import os
import struct
import sys
import zlib


def member(data, name=None, comment=None, extra=None, hcrc=False, level=6):
    """One gzip member of data, with the optional header fields."""
    flags, fields = 0, b""
    if extra is not None:
        flags |= 4
        fields += struct.pack("<H", len(extra)) + extra
    if name is not None:
        flags |= 8
        fields += name + b"\0"
    if comment is not None:
        flags |= 16
        fields += comment + b"\0"
    if hcrc:
        flags |= 2
    head = b"\x1f\x8b\x08" + bytes([flags]) + b"\0\0\0\0\0\x03" + fields
    if hcrc:
        head += struct.pack("<H", zlib.crc32(head) & 0xffff)
    deflate = zlib.compressobj(level, zlib.DEFLATED, -15)
    body = deflate.compress(data) + deflate.flush()
    return head + body + struct.pack("<II", zlib.crc32(data), len(data) & 0xffffffff)


def variants(d):
    """The 14 gzip streams made of the archive d."""
    m, half = member(d), len(d) // 2
    flipped, bad_crc = bytearray(m), bytearray(m)
    if len(flipped) > 40:
        flipped[len(flipped) // 3] ^= 0x55
    bad_crc[-6] ^= 1  # libarchive checks no CRC; gunzip.c warns of it
    return [m,
            member(d, name=b"x.tar", comment=b"hi", extra=b"ab" * 10, hcrc=True, level=1),
            member(d[:half]) + member(d[half:]),  # one archive across two members
            m + b"\0" * 512 + member(d),          # zeros between: two segments
            m + b"garbage",
            m + m[:20],                           # a second member cut in its header
            m[:-4], m[:-8], m[:len(m) // 2], m[:11],
            bytes(flipped), bytes(bad_crc),
            member(member(d)),                    # gzip in gzip
            member(d) + d]                        # the archive again, plain, after


def main():
    src, out = sys.argv[1], sys.argv[2]
    n = 0
    for f in sorted(os.listdir(src)):
        with open(os.path.join(src, f), "rb") as i:
            data = i.read()
        for v in variants(data):
            n += 1
            with open(os.path.join(out, "%03d.gz" % n), "wb") as o:
                o.write(v)
    print(n)


main()
