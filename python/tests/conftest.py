"""What the tests share: the source tree's games, the command line to compare with.
tests/python.sh sets BOARDVM (the build tree's boardvm) and BOARDVM_PATH (the rules folder)."""
import glob
import os

import pytest

SOURCE = os.environ.get("BOARDVM_SOURCE_DIR") or os.path.join(os.path.dirname(__file__), "..", "..")
RULES = os.path.join(SOURCE, "rules")
SHIPPED = sorted(glob.glob(os.path.join(RULES, "*.rules")))


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("BOARDVM")
    if not path:
        pytest.skip("BOARDVM (the command line) not set")
    return path
