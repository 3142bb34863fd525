# Types of devnum._devnum, the binding's C half; the package devnum
# re-exports every name.
from typing import Final, Iterator, NamedTuple, Optional, Tuple, Union, final

__version__: Final[str]

class Refused(ValueError):
    """libdevnum refused a value: str(e) is its words."""

    cause: str
    scheme: Optional["Scheme"]
    part: str
    value: int
    limit: int

@final
class Scheme:
    name: Final[str]
    names: Final[Tuple[str, ...]]
    origin: Final[str]
    width: Final[int]
    major_max: Final[int]
    minor_max: Final[int]
    raw_max: Final[int]
    ignored: Final[int]
    fixed: Final[int]
    packed: Final[bool]
    within_scheme: Final[Optional["Scheme"]]
    def encode(self, major: int, minor: int, /) -> int: ...
    def decode(self, raw: int, /) -> Tuple[int, int]: ...
    def canonical(self, raw: int, /) -> int: ...
    def decode_unchecked(self, raw: int, /) -> Tuple[int, int]: ...
    def aliases(self, major: int, minor: int, /) -> "Aliases": ...
    def within(self, major: int, minor: int, /) -> bool: ...

@final
class Aliases(Iterator[int]):
    count: Final[int]
    def __iter__(self) -> "Aliases": ...
    def __next__(self) -> int: ...

class Judgement(NamedTuple):
    fate: str
    becomes: Optional[Tuple[int, int]]
    reason: Optional[str]
    cause: Optional[str]
    raw: Optional[int]
    scheme: Optional[Scheme]
    fields: Optional[str]

@final
class Container:
    name: Final[str]
    names: Final[Tuple[str, ...]]
    kind: Final[str]
    about: Final[str]
    note: Final[Optional[str]]
    fields: Final[Tuple[str, ...]]
    writers: Final[Tuple[str, ...]]
    def fit(
        self,
        major: int,
        minor: int,
        writer: Optional[str] = None,
        *,
        scheme: Union[Scheme, str, None] = None,
    ) -> Judgement: ...
    def pack(
        self, major: int, minor: int, *, scheme: Union[Scheme, str, None] = None
    ) -> Judgement: ...
    def unpack(self, fields: str, *, scheme: Union[Scheme, str, None] = None) -> Judgement: ...

def schemes() -> Tuple[Scheme, ...]: ...
def scheme(name: str, /) -> Scheme: ...
def native() -> Optional[Scheme]: ...
def containers() -> Tuple[Container, ...]: ...
def container(name: str, /) -> Container: ...
def library_version() -> str: ...
