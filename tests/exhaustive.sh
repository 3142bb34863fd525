#!/bin/sh
# exhaustive.sh - the one test of make check-exhaustive: the 2^32 sweeps of
# tests/unit/test_exhaustive.c, run from the build directory.  A script, so
# that automake's .sh rule can run it without it being in TESTS.
exec ./tests/unit/test_exhaustive
