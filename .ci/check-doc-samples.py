#!/usr/bin/env python3
"""Every ```swift block in README.md and Docs/*.md must stand, line for line, in a Swift file that the
repository compiles (Sources/, Examples/, Tests/, Benchmarks/), so no sample in the docs can rot.

A sample found only inside `#if canImport(SwiftUI)` (or UIKit, AppKit) is compiled on Apple platforms
alone: on any other system the check names it as skipped, since this machine's build does not compile it.

The whole files Docs/GettingStarted.md shows (a block under a line naming its file, see guide_files.py) are
left to check-getting-started.py, which builds them as a package of their own."""
import pathlib
import platform
import re
import sys

# Importing the shared module would leave a __pycache__ folder in the checkout.
sys.dont_write_bytecode = True
from guide_files import GUIDE, blocks  # noqa: E402

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


APPLE_ONLY = re.compile(r"#if\s+canImport\((SwiftUI|UIKit|AppKit)\)")


def compiled_here(lines):
    """The non-blank lines of a file that this machine's build compiles: on Apple platforms all of them,
    elsewhere those outside `#if canImport(SwiftUI | UIKit | AppKit)` blocks (their `#else` branches count)."""
    if platform.system() == "Darwin":
        return normalize(lines)
    kept, stack = [], []  # stack: per open #if, whether its current branch is Apple-only
    for line in lines:
        text = line.strip()
        if text.startswith("#if"):
            stack.append(bool(APPLE_ONLY.match(text)))
        elif text.startswith("#else") or text.startswith("#elseif"):
            if stack:
                stack[-1] = False
        elif text.startswith("#endif"):
            if stack:
                stack.pop()
        elif text and not any(stack):
            kept.append(text)
    return kept


texts = [p.read_text().splitlines() for p in sources]
corpus = [normalize(lines) for lines in texts]
here = [compiled_here(lines) for lines in texts]


def contains(haystack, needle):
    n = len(needle)
    return any(haystack[i:i + n] == needle for i in range(len(haystack) - n + 1))


failures = 0
skipped = []
guide_files = 0
for doc in docs:
    if not doc.exists():
        continue
    text = doc.read_text()
    whole_files = {b.line for b in blocks(text)[0] if b.path} if doc == root / GUIDE else set()
    for match in re.finditer(r"```swift\n(.*?)```", text, re.S):
        block = normalize(match.group(1).splitlines())
        line = text[: match.start()].count("\n") + 1
        if line in whole_files:
            guide_files += 1
            continue
        if block and not any(contains(lines, block) for lines in corpus):
            print(f"{doc.relative_to(root)}:{line}: this swift sample is not in any compiled file; copy it from one")
            failures += 1
        elif block and not any(contains(lines, block) for lines in here):
            skipped.append(f"{doc.relative_to(root)}:{line}")
for place in skipped:
    print(f"{place}: skipped here: this sample is compiled only behind #if canImport(SwiftUI, UIKit or AppKit)")
print(f"doc samples: {guide_files} whole files of {GUIDE} left to .ci/check-getting-started.py")
print(f"doc samples: {failures} not found in compiled code" if failures else "doc samples: all found in compiled code")
sys.exit(1 if failures else 0)
