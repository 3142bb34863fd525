"""devnum: Unix device numbers, exactly, in every layout.

A binding of libdevnum, the library behind the devnum command: a device
number is a tuple (major, minor) that each system packs into one raw
integer in its own layout, its scheme.  Encoding refuses what does not
fit instead of wrapping it; decoding tells an alias from the canonical
value; containers (archive formats, file systems, protocols) say what
becomes of a tuple stored in them.

    >>> import devnum
    >>> hex(devnum.scheme("glibc").encode(8, 256))
    '0x100800'
    >>> devnum.scheme("linux32").decode(0x10b300)
    (179, 256)

Parts and raw values are unsigned 64-bit integers; a negative one or one
of 2**64 or more raises OverflowError, as os.makedev does beyond its type.
Every object is immutable and every call may run on any thread.
"""

from devnum._devnum import (
    Aliases,
    Container,
    Judgement,
    Refused,
    Scheme,
    __version__,
    container,
    containers,
    library_version,
    native,
    scheme,
    schemes,
)

__all__ = [
    "Aliases",
    "Container",
    "Judgement",
    "Refused",
    "Scheme",
    "__version__",
    "container",
    "containers",
    "library_version",
    "native",
    "scheme",
    "schemes",
]
