"""How Docs/GettingStarted.md names the files it shows whole, shared by check-getting-started.py (which builds
them) and check-doc-samples.py (which leaves them to it).

A file is a fenced code block whose previous non-blank line holds only the file's path in backticks and a
colon:

    `Sources/Counter/main.swift`:

    ```swift
    ...
    ```
"""
import re

GUIDE = "Docs/GettingStarted.md"
MARKER = re.compile(r"^`([^`\s]+)`:$")
FENCE = re.compile(r"^```(\S*)\s*$")


class Block:
    def __init__(self, line, language, code, path, marker_line):
        self.line = line  # the opening fence's line number, from 1
        self.language = language
        self.code = code
        self.path = path  # the file its marker names, or None
        self.marker_line = marker_line


def blocks(text):
    """Every fenced block of a Markdown text, with the file its marker names, and the line numbers of markers
    that no block follows."""
    lines = text.splitlines()
    found, stray = [], []
    pending = None  # (path, line) of a marker line not yet followed by a block
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        if fence:
            end = i + 1
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            path, marker_line = pending if pending else (None, None)
            found.append(Block(i + 1, fence.group(1), "\n".join(lines[i + 1 : end]) + "\n", path, marker_line))
            pending = None
            i = end + 1
            continue
        marker = MARKER.match(line.strip())
        if marker:
            if pending:
                stray.append(pending[1])
            pending = (marker.group(1), i + 1)
        elif line.strip():
            if pending:
                stray.append(pending[1])
            pending = None
        i += 1
    if pending:
        stray.append(pending[1])
    return found, stray
