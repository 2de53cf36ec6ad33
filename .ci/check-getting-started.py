#!/usr/bin/env python3
"""Docs/GettingStarted.md can be followed word for word: its files, each a code block under a line naming it
(see guide_files.py), are written into a fresh package in a temporary folder, which then builds (warnings are
errors, Actuate's included), runs and passes its tests. The guide's dependency on Actuate's repository is
replaced by this checkout, so the check tests the code beside it, not a release.

Every ```swift block of the guide must name its file: a sample that is not a whole file is one a reader
cannot follow. Set ACTUATE_GETTING_STARTED_KEEP=1 to keep the package folder after a passing run."""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

from scratch import with_scratch

# Importing the shared module would leave a __pycache__ folder in the checkout.
sys.dont_write_bytecode = True
from guide_files import GUIDE, blocks  # noqa: E402

root = pathlib.Path(__file__).resolve().parent.parent
guide = root / GUIDE
# The guide's dependency line, as a reader who uses a release writes it.
DEPENDENCY = re.compile(r'\.package\(url: "https://github\.com/actuate-swift/actuate(?:\.git)?", [^)]*\)')


def fail(message):
    print(f"getting started: {message}")
    sys.exit(1)


found, stray = blocks(guide.read_text())
problems = [f"{GUIDE}:{line}: this file name is not followed by its code block" for line in stray]
files = {}
for block in found:
    if block.path is None:
        if block.language == "swift":
            problems.append(
                f"{GUIDE}:{block.line}: this swift block names no file; put a line such as "
                f"`Sources/Counter/main.swift`: before it (a reader cannot follow a part of a file)"
            )
        continue
    path = pathlib.PurePosixPath(block.path)
    if path.is_absolute() or ".." in path.parts:
        problems.append(f"{GUIDE}:{block.marker_line}: {block.path} is not a path inside the package")
    elif block.path in files:
        problems.append(f"{GUIDE}:{block.marker_line}: {block.path} is shown twice; show each file once, whole")
    else:
        files[block.path] = block.code
if "Package.swift" not in files:
    problems.append(f"{GUIDE}: shows no `Package.swift`:")
if problems:
    print("\n".join(problems))
    fail(f"{len(problems)} problem(s) in {GUIDE}")

manifest, replaced = DEPENDENCY.subn(f'.package(name: "actuate", path: "{root}")', files["Package.swift"])
if replaced != 1:
    fail(f"{GUIDE}: Package.swift should depend on Actuate once, as "
         '.package(url: "https://github.com/actuate-swift/actuate.git", from: …), so this check can point it at '
         f"the checkout; found {replaced} such lines")
files["Package.swift"] = manifest

package = pathlib.Path(tempfile.mkdtemp(prefix="actuate-getting-started-"))
for path, code in files.items():
    (package / path).parent.mkdir(parents=True, exist_ok=True)
    (package / path).write_text(code)
print(f"getting started: {len(files)} files written to {package}: {', '.join(files)}")

steps = [
    ["swift", "build", "--build-tests", "-Xswiftc", "-warnings-as-errors"],
    ["timeout", "120", "swift", "run", "--skip-build"],
    ["swift", "test", "--skip-build"],
]
for command in steps:
    started = time.monotonic()
    result = subprocess.run(with_scratch(command), cwd=package, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(f"getting started: {' '.join(command)}: {time.monotonic() - started:.0f} s, exit status {result.returncode}")
    if result.returncode != 0:
        print(result.stdout)
        fail(f"`{' '.join(command)}` failed in {package} (kept for a look)")
    # A test file that declares no test passes too; the guide's tests must run.
    if command[1] == "test" and not re.search(r"(Test run with|Executed) [1-9]\d* tests?\b", result.stdout):
        print(result.stdout)
        fail(f"`swift test` ran no test in {package} (kept for a look)")
if os.environ.get("ACTUATE_GETTING_STARTED_KEEP") != "1":
    shutil.rmtree(package)
print("getting started: the guide's package builds, runs and passes its tests")
