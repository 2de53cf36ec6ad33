#!/usr/bin/env python3
"""The compiler messages Docs/GettingStarted.md ("Common errors") and Docs/Views.md quote are the ones a user
sees, word for word, in a package of their own.

Each folder of .ci/common-errors/ is one mistake, made in a whole feature file as a user writes it. A folder
that holds `CounterInteractor.swift` is the Getting Started counter with that mistake: the guide's own
`main.swift` goes beside it. A folder whose name starts with `StoreModel` is a mistake of Docs/Views.md.

The folders become the targets of one package in a temporary folder, which depends on this checkout by path
as the guide says to; each target is built on its own with `swift build --target`, and the diagnostics it
gives (errors, warnings and notes, each message once) must be exactly the ones its `expected` file lists:
a message the compiler gives and the guide leaves out fails the check as surely as one it no longer gives.
Each expected line must stand, whole, in a code block of the guide (for Views.md: its message in the text),
every `error:` or `note:` line quoted in the guide's "Common errors" must be expected of some mistake, and
the number of mistakes that section announces must be the number it lists.

Set ACTUATE_COMMON_ERRORS_KEEP=1 to keep the package folder after a passing run."""
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
mistakes_dir = root / ".ci" / "common-errors"
DIAGNOSTIC = re.compile(r"^/\S+?\.swift:\d+:\d+: (error|warning|note): (.*)$")
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}

problems = []
guide_text = (root / GUIDE).read_text()
views_text = (root / "Docs" / "Views.md").read_text()

# The guide's own files: its Package.swift and main.swift go into the package, as a reader has them.
guide_files = {block.path: block.code for block in blocks(guide_text)[0] if block.path}
main_swift = guide_files["Sources/Counter/main.swift"]

# "Common errors": the count it announces, the mistakes it lists, the compiler lines it quotes.
section = guide_text.split("## Common errors", 1)[1]
announced = re.search(r"^(\w+) mistakes", section.strip(), re.MULTILINE)
listed = re.findall(r"^\*\*(.+?)\*\*", section, re.MULTILINE)
if not announced or NUMBERS.get(announced.group(1).lower()) != len(listed):
    problems.append(
        f"{GUIDE}: \"Common errors\" announces {announced.group(1) if announced else 'no number of'} mistakes "
        f"and lists {len(listed)}: {listed}")
quoted_lines = set()
for block in blocks(section)[0]:
    quoted_lines.update(line.strip() for line in block.code.splitlines() if line.strip())

mistakes = sorted(p for p in mistakes_dir.iterdir() if p.is_dir())
package = pathlib.Path(tempfile.mkdtemp(prefix="actuate-common-errors-"))
targets = []
for mistake in mistakes:
    sources = package / "Sources" / mistake.name
    sources.mkdir(parents=True)
    for file in mistake.glob("*.swift"):
        shutil.copy(file, sources / file.name)
    executable = (mistake / "CounterInteractor.swift").exists()
    if executable:
        (sources / "main.swift").write_text(main_swift)
    kind = "executableTarget" if executable else "target"
    targets.append(f'    .{kind}(name: "{mistake.name}", dependencies: [.product(name: "Actuate", package: "actuate")]),')
(package / "Package.swift").write_text(f"""// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "CommonErrors",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  dependencies: [.package(name: "actuate", path: "{root}")],
  targets: [
{chr(10).join(targets)}
  ],
  swiftLanguageModes: [.v6]
)
""")


# In CI, the packages that depend on Actuate share one scratch folder (.ci/scratch.py), where Actuate is built
# with warnings as errors: built so here too, it is not compiled again. Every quoted diagnostic is an error or a
# note, which the flag leaves as they are.
SHARED_FLAGS = ["-Xswiftc", "-warnings-as-errors"] if os.environ.get("ACTUATE_CI_SCRATCH") else []


def build(arguments):
    started = time.monotonic()
    result = subprocess.run(
        with_scratch(["swift", "build", *arguments, *SHARED_FLAGS]), cwd=package, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(f"common errors: swift build {' '.join(arguments)}: {time.monotonic() - started:.0f} s, "
          f"exit status {result.returncode}")
    return result


# Actuate first, on its own, so that each mistake's build shows only what the mistake causes.
first = build(["--target", "Actuate"])
if first.returncode != 0:
    print(first.stdout)
    print(f"common errors: Actuate did not build in {package} (kept for a look)")
    sys.exit(1)

quoted_by_some_mistake = set()
for mistake in mistakes:
    expected = [line for line in (mistake / "expected").read_text().splitlines() if line.strip()]
    result = build(["--target", mistake.name])
    given = []
    for line in result.stdout.splitlines():
        match = DIAGNOSTIC.match(line)
        if match and f"{match.group(1)}: {match.group(2)}" not in given:
            given.append(f"{match.group(1)}: {match.group(2)}")
    if result.returncode == 0:
        problems.append(f"{mistake.name}: the mistake compiles now; the guide must not call it an error")
    if sorted(given) != sorted(expected):
        problems.append(
            f"{mistake.name}: the compiler's messages differ from {mistake.relative_to(root)}/expected;\n"
            f"  it gives:\n    " + "\n    ".join(given or ["(nothing)"]) +
            "\n  expected:\n    " + "\n    ".join(expected))
    views = mistake.name.startswith("StoreModel")
    for line in expected:
        quoted_by_some_mistake.add(line)
        if views:
            if line.split(": ", 1)[1] not in views_text:
                problems.append(f"{mistake.name}: Docs/Views.md does not quote \"{line.split(': ', 1)[1]}\"")
        elif line not in quoted_lines:
            problems.append(f"{mistake.name}: {GUIDE}'s \"Common errors\" does not quote the line \"{line}\"")

for line in sorted(quoted_lines):
    if re.match(r"^(error|warning|note): ", line) and line not in quoted_by_some_mistake:
        problems.append(f"{GUIDE}: \"Common errors\" quotes \"{line}\", which no mistake of .ci/common-errors gives")

if problems:
    print("\n".join(problems))
    print(f"common errors: {len(problems)} problem(s); the package is kept in {package}")
    sys.exit(1)
if os.environ.get("ACTUATE_COMMON_ERRORS_KEEP") != "1":
    shutil.rmtree(package)
print(f"common errors: the {len(mistakes)} mistakes give exactly the messages the guides quote")
