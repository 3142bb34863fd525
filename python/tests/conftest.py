"""Fixtures of the binding's tests: the devnum program on PATH (make check
puts the one just built first) and its vectors, read once."""

import json
import subprocess

import pytest


def run_devnum(*args, stdin=None):
    """devnum's JSON records for args, stdin fed to it: a list of dicts."""
    done = subprocess.run(
        ["devnum", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


@pytest.fixture(scope="session")
def vectors():
    """devnum vectors --json, every packed scheme's."""
    records = run_devnum("vectors", "--json")
    assert len(records) > 500
    return records
