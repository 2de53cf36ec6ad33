#!/usr/bin/env python3
"""The DocC tutorial's code compiles, runs and passes its tests, step by step, and ends on Docs/GettingStarted.md.

The tutorial (Sources/Actuate/Actuate.docc/Tutorials/*.tutorial) shows its code with
`@Code(name: "main.swift", file: "counter-main-01.swift")`, each file in the catalog's Resources. Each name is
a file of Docs/GettingStarted.md (its last path component), and:
- the last step of each file is that file of the guide, byte for byte, so the tutorial cannot drift from the
  guide, whose package check-getting-started.py builds, runs and tests;
- every step is compiled, in one package of a target per step that depends on this checkout of Actuate:
  a step of a test file is a test target of its own against the final feature; a step of `main.swift` is
  a program with the final versions of the feature's other files, and runs; a step of another file of the
  feature is a library target of its own, alone (a step shows the file as it stands then);
- the package builds with warnings as errors, each program runs, and every test passes;
- every .swift file in Resources is a step of the tutorial.

The package and its build stay in .build/docc-tutorial/, so a second run rebuilds only what changed."""
import pathlib
import re
import subprocess
import sys
import time

from scratch import with_scratch

# Importing the shared module would leave a __pycache__ folder in the checkout.
sys.dont_write_bytecode = True
from guide_files import GUIDE, blocks  # noqa: E402

root = pathlib.Path(__file__).resolve().parent.parent
catalog = root / "Sources/Actuate/Actuate.docc"
resources = catalog / "Resources"
package = root / ".build/docc-tutorial"
CODE = re.compile(r'@Code\(\s*name:\s*"([^"]+)"\s*,\s*file:\s*"([^"]+)"')


def fail(message):
    print(f"docc tutorial: {message}")
    sys.exit(1)


guide = {b.path: b.code for b in blocks((root / GUIDE).read_text())[0] if b.path}
by_name = {pathlib.PurePosixPath(path).name: path for path in guide}

steps = []  # (guide path, resource file name), in the tutorials' order
problems = []
for tutorial in sorted(catalog.glob("Tutorials/*.tutorial")):
    for name, file in CODE.findall(tutorial.read_text()):
        if name not in by_name:
            problems.append(f"{tutorial.name}: @Code name {name} is no file of {GUIDE} ({', '.join(by_name)})")
        elif not (resources / file).is_file():
            problems.append(f"{tutorial.name}: {file} is not in {resources.relative_to(root)}")
        else:
            steps.append((by_name[name], file))
for path in sorted(resources.glob("*.swift")):
    if path.name not in {file for _, file in steps}:
        problems.append(f"{path.relative_to(root)} is no step of the tutorial; use it or remove it")
last = {}
for path, file in steps:
    last[path] = file
for path, file in last.items():
    if (resources / file).read_text() != guide[path]:
        problems.append(f"{file}, the tutorial's last {path}, differs from that file in {GUIDE}")
if problems:
    fail("\n  ".join(["problems:", *problems]))

feature = [p for p in guide if p.startswith("Sources/Counter/")]
files = {f"Sources/Counter/{pathlib.PurePosixPath(p).name}": guide[p] for p in feature}
targets = ['    .executableTarget(name: "Counter", dependencies: [actuate]),']
programs, tested = ["Counter"], 0
for path, file in steps:
    if file == last[path] or path == "Package.swift":
        continue  # the guide's own file, in Counter or CounterTests; the manifest is compared only
    target = "Step" + "".join(part.capitalize() for part in re.split(r"[^A-Za-z0-9]+", pathlib.Path(file).stem))
    code = (resources / file).read_text()
    if path.startswith("Tests/"):
        files[f"Tests/{target}/{pathlib.PurePosixPath(path).name}"] = code
        targets.append(f'    .testTarget(name: "{target}", dependencies: ["Counter", actuateTesting]),')
        tested += 1
    elif pathlib.PurePosixPath(path).name == "main.swift":
        for other in feature:
            files[f"Sources/{target}/{pathlib.PurePosixPath(other).name}"] = guide[other]
        files[f"Sources/{target}/main.swift"] = code
        targets.append(f'    .executableTarget(name: "{target}", dependencies: [actuate]),')
        programs.append(target)
    else:
        files[f"Sources/{target}/{pathlib.PurePosixPath(path).name}"] = code
        targets.append(f'    .target(name: "{target}", dependencies: [actuate]),')
for path in guide:
    if path.startswith("Tests/"):
        files[path] = guide[path]
        targets.append(f'    .testTarget(name: "{path.split("/")[1]}", dependencies: ["Counter", actuateTesting]),')
        tested += 1

files["Package.swift"] = f"""// swift-tools-version: 6.0
// Written by .ci/check-docc-tutorial.py: every step of the DocC tutorial, a target each.
import PackageDescription

let actuate = Target.Dependency.product(name: "Actuate", package: "actuate")
let actuateTesting = Target.Dependency.product(name: "ActuateTesting", package: "actuate")

let package = Package(
  name: "CounterTutorial",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  dependencies: [.package(name: "actuate", path: "{root}")],
  targets: [
{chr(10).join(targets)}
  ],
  swiftLanguageModes: [.v6]
)
"""

# Rewrite only what changed, and remove what is gone, so that the build stays incremental.
wanted = {package / path for path in files}
for folder in ("Sources", "Tests"):
    for old in (package / folder).rglob("*.swift") if (package / folder).is_dir() else []:
        if old not in wanted:
            old.unlink()
for path, code in files.items():
    target = package / path
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.is_file() or target.read_text() != code:
        target.write_text(code)
print(f"docc tutorial: {len(steps)} steps; {len(targets)} targets in {package.relative_to(root)}")

commands = [["swift", "build", "--build-tests", "-Xswiftc", "-warnings-as-errors"]]
commands += [["timeout", "60", "swift", "run", "--skip-build", program] for program in programs]
commands += [["swift", "test", "--skip-build"]]
for command in commands:
    started = time.monotonic()
    result = subprocess.run(with_scratch(command), cwd=package, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(f"docc tutorial: {' '.join(command)}: {time.monotonic() - started:.0f} s, exit status {result.returncode}")
    if result.returncode != 0:
        print(result.stdout)
        fail(f"`{' '.join(command)}` failed in {package.relative_to(root)}")
    if command[1] == "test":
        ran = re.search(r"Test run with (\d+) tests?", result.stdout)
        if not ran or int(ran.group(1)) < tested:
            print(result.stdout)
            fail(f"`swift test` should run the tests of {tested} test files")
print("docc tutorial: every step compiles, every program runs and every test passes")
