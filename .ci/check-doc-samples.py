#!/usr/bin/env python3
"""Every ```swift block in README.md and Docs/*.md must stand, line for line, in a Swift file that the
repository compiles (Sources/, Examples/, Tests/, Benchmarks/), so no sample in the docs can rot."""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
docs = [root / "README.md", *sorted((root / "Docs").glob("*.md"))]
# Every folder that some package compiles: the library's, the examples' package (Examples/) and the outside
# package in Tests/Integration/; never a build folder inside them.
sources = [
    p
    for folder in ("Sources", "Examples", "Tests", "Benchmarks")
    for p in (root / folder).rglob("*.swift")
    if not any(part.startswith(".build") for part in p.relative_to(root).parts)
]


def normalize(lines):
    return [line.strip() for line in lines if line.strip()]


corpus = [normalize(p.read_text().splitlines()) for p in sources]


def contains(haystack, needle):
    n = len(needle)
    return any(haystack[i:i + n] == needle for i in range(len(haystack) - n + 1))


failures = 0
for doc in docs:
    if not doc.exists():
        continue
    for match in re.finditer(r"```swift\n(.*?)```", doc.read_text(), re.S):
        block = normalize(match.group(1).splitlines())
        if block and not any(contains(lines, block) for lines in corpus):
            line = doc.read_text()[: match.start()].count("\n") + 1
            print(f"{doc.relative_to(root)}:{line}: this swift sample is not in any compiled file; copy it from one")
            failures += 1
print(f"doc samples: {failures} not found in compiled code" if failures else "doc samples: all found in compiled code")
sys.exit(1 if failures else 0)
