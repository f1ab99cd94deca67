"""Builds boardvm._boardvm, the C extension over libboardvm.

Where the library is: $BOARDVM_INCLUDE_DIR and $BOARDVM_LIBRARY_DIR when set (tests/python.sh
builds against the build tree so), else what `pkg-config --cflags --libs boardvm` says (after
`make install`; PKG_CONFIG_PATH for another prefix). The library's directory is also written
into the extension as its run path, so that it loads without ldconfig or LD_LIBRARY_PATH."""
import os
import shlex
import subprocess

from setuptools import Extension, setup


def pkg_config(*args):
    try:
        out = subprocess.run(["pkg-config", *args, "boardvm"], check=True,
                             capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        raise SystemExit("boardvm: libboardvm not found by pkg-config (install it first: "
                         "`make install` in boardvm's source tree; PKG_CONFIG_PATH for another "
                         "prefix): %s" % e)
    return shlex.split(out)


if os.environ.get("BOARDVM_INCLUDE_DIR") and os.environ.get("BOARDVM_LIBRARY_DIR"):
    include_dirs = [os.environ["BOARDVM_INCLUDE_DIR"]]
    library_dirs = [os.environ["BOARDVM_LIBRARY_DIR"]]
else:
    include_dirs = [f[2:] for f in pkg_config("--cflags-only-I") if f.startswith("-I")]
    library_dirs = [f[2:] for f in pkg_config("--libs-only-L") if f.startswith("-L")]

setup(ext_modules=[Extension(
    "boardvm._boardvm",
    sources=["_boardvm.c"],
    include_dirs=include_dirs,
    library_dirs=library_dirs,
    runtime_library_dirs=library_dirs,
    libraries=["boardvm"],
)])
