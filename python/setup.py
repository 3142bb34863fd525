"""The C half of the binding, built against the installed libdevnum.

pkg-config finds the library (PKG_CONFIG_PATH names a prefix's
lib/pkgconfig); its compiler and linker flags build _devnum.  The version
is the project's one, from configure.ac in a checkout, or from PKG-INFO
in an sdist made of one; the library found must be at least that.
"""

import re
import shutil
import subprocess
from pathlib import Path

from setuptools import Extension, setup

HERE = Path(__file__).resolve().parent


def fail(why):
    raise SystemExit(f"devnum: {why}")


def version():
    """configure.ac's devnum_major.devnum_minor.devnum_micro, else PKG-INFO's."""
    configure = HERE.parent / "configure.ac"
    if configure.is_file():
        parts = dict(re.findall(r"m4_define\(\[devnum_(major|minor|micro)\], \[(\d+)\]\)",
                                configure.read_text(encoding="utf-8")))
        if len(parts) == 3:
            return f"{parts['major']}.{parts['minor']}.{parts['micro']}"
    info = HERE / "PKG-INFO"
    if info.is_file():
        found = re.search(r"^Version: (\S+)$", info.read_text(encoding="utf-8"), re.M)
        if found:
            return found.group(1)
    fail(f"no version: neither {configure} nor {info} says it")
    return None


def pkg_config(*args):
    """pkg-config's answer for libdevnum, split into words; None for no."""
    if not shutil.which("pkg-config"):
        fail("pkg-config is not installed (Debian: pkg-config); it finds libdevnum")
    done = subprocess.run(["pkg-config", *args, "devnum"], capture_output=True, text=True,
                          check=False)
    return None if done.returncode else done.stdout.split()


VERSION = version()
if pkg_config("--exists") is None:
    fail("pkg-config finds no libdevnum: install it (make install), and name its prefix's "
         "lib/pkgconfig in PKG_CONFIG_PATH if pkg-config does not search it")
if pkg_config(f"--atleast-version={VERSION}") is None:
    fail(f"libdevnum {' '.join(pkg_config('--modversion'))} is installed; this binding, "
         f"{VERSION}, needs {VERSION} or later")
flags = pkg_config("--cflags")
libs = pkg_config("--libs")

setup(
    version=VERSION,
    ext_modules=[
        Extension(
            "devnum._devnum",
            sources=["devnum/_devnum.c"],
            include_dirs=[f[2:] for f in flags if f.startswith("-I")],
            extra_compile_args=[f for f in flags if not f.startswith("-I")],
            library_dirs=[f[2:] for f in libs if f.startswith("-L")],
            libraries=[f[2:] for f in libs if f.startswith("-l")],
            runtime_library_dirs=[f[2:] for f in libs if f.startswith("-L")],
        )
    ],
)
