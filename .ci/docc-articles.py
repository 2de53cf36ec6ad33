#!/usr/bin/env python3
"""The guides in Docs/*.md are the one source of the DocC articles: this script writes each guide into the
catalog of the module it belongs to, with its links rewritten for DocC, and CI runs it with --check, which
fails if a committed article differs from what the guide gives. Edit the guide, never the article, then run

    python3 .ci/docc-articles.py

What changes on the way:
- a link to another guide, `[Testing](Testing.md#a-section)`, becomes a DocC link,
  `[Testing](<doc:Testing#A-section>)`, when the guide is an article of the same catalog; a guide of the
  other module's catalog is linked on GitHub, since one catalog cannot link into another;
- a link to a section of the same guide, `(#a-section)`, becomes `(<doc:Guide#A-section>)`;
- a link to a file of the repository (`../Examples/Service`, `trace-timeline.py`) points at it on GitHub;
- an image beside the guides (`trace-timeline.svg`) is copied into the catalog's Resources;
- a last line says where the article comes from.

Every guide must belong to one catalog, and every article must be listed on its catalog's landing page; a
link to a section that the guide does not have fails here, before DocC sees it. A catalog's Articles folder
holds only the generated articles: a file there that no guide gives is stale, and this script removes it."""
import argparse
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
docs = root / "Docs"
REPOSITORY = "https://github.com/actuate-swift/actuate"
BRANCH = "main"

# The guides of each module's catalog; every Docs/*.md is in exactly one.
CATALOGS = {
    "Actuate": [
        "GettingStarted", "Interactors", "Policies", "Hooks", "Composition", "StateMachines", "Views",
        "Debugging", "PersistingState", "Services", "Performance", "PerformanceJournal", "Guarantees", "HowItWorks", "Examples",
        "ComingFromTCA", "ComingFromEazy",
    ],
    "ActuateTesting": ["Testing", "Sessions"],
}

FENCE = re.compile(r"^\s*```")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
LINK = re.compile(r"(!?)\[((?:[^\[\]]|\[[^\]]*\])*)\]\(([^)\s]+)\)")


def catalog_dir(module):
    return root / "Sources" / module / f"{module}.docc"


def module_of(guide):
    return next(module for module, guides in CATALOGS.items() if guide in guides)


def github_slug(heading):
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as dashes."""
    text = re.sub(r"[^\w\- ]", "", heading.replace("`", "").lower())
    return text.replace(" ", "-")


def docc_fragment(heading):
    """The fragment DocC gives a heading: its words, case kept, joined by dashes."""
    text = re.sub(r"[^\w\s\-]", "", heading.replace("`", ""))
    return re.sub(r"[\s\-]+", "-", text.strip())


def prose_lines(text):
    """(index, line, inside a fenced block) for every line of a Markdown text."""
    inside = False
    for index, line in enumerate(text.splitlines()):
        if FENCE.match(line):
            yield index, line, True
            inside = not inside
        else:
            yield index, line, inside


def anchors(guide):
    """GitHub's anchor of each heading of a guide, mapped to DocC's fragment for it."""
    found = {}
    for _, line, fenced in prose_lines((docs / f"{guide}.md").read_text()):
        heading = None if fenced else HEADING.match(line)
        if heading and len(heading.group(1)) > 1:
            found.setdefault(github_slug(heading.group(2)), docc_fragment(heading.group(2)))
    return found


def on_github(path):
    kind = "tree" if (root / path).is_dir() else "blob"
    return f"{REPOSITORY}/{kind}/{BRANCH}/{path}"


def article(guide, problems, images):
    """The DocC article of a guide, its images added to `images`."""
    module = module_of(guide)
    source = f"Docs/{guide}.md"

    def rewrite(match, number):
        bang, text, target = match.groups()
        if re.match(r"^[a-z]+:", target):
            return match.group(0)  # https:, mailto:, doc:
        path, _, anchor = target.partition("#")
        if bang:
            if path and not anchor and (docs / path).is_file() and "/" not in path:
                images.add(path)
                return match.group(0)
            problems.append(f"{source}:{number}: the image {target} is not a file beside the guides")
            return match.group(0)
        other = guide if not path else path[:-3] if path.endswith(".md") and "/" not in path else None
        if other is not None and (docs / f"{other}.md").is_file():
            fragment = ""
            if anchor:
                known = anchors(other)
                if anchor not in known:
                    problems.append(f"{source}:{number}: Docs/{other}.md has no section #{anchor}")
                    return match.group(0)
                fragment = "#" + (known[anchor] if module_of(other) == module else anchor)
            if module_of(other) == module:
                return f"[{text}](<doc:{other}{fragment}>)"
            return f"[{text}]({REPOSITORY}/blob/{BRANCH}/Docs/{other}.md{fragment})"
        resolved = (docs / path).resolve()
        if not resolved.exists() or root not in resolved.parents:
            problems.append(f"{source}:{number}: {target} is no file of the repository")
            return match.group(0)
        url = on_github(resolved.relative_to(root).as_posix())
        return f"[{text}]({url}{'#' + anchor if anchor else ''})"

    lines = []
    text = (docs / f"{guide}.md").read_text()
    for index, line, fenced in prose_lines(text):
        lines.append(line if fenced else LINK.sub(lambda m: rewrite(m, index + 1), line))
    lines += [
        "",
        f"<!-- Generated from {source} by .ci/docc-articles.py: edit the guide, then run the script. -->",
    ]
    return "\n".join(lines) + "\n"


def expected():
    """Every generated file, by path, with its bytes; and the problems met."""
    problems, files = [], {}
    guides = sorted(p.stem for p in docs.glob("*.md"))
    listed = [g for gs in CATALOGS.values() for g in gs]
    for guide in guides:
        if listed.count(guide) != 1:
            problems.append(f"Docs/{guide}.md: name it in exactly one catalog of CATALOGS in .ci/docc-articles.py")
    for guide in listed:
        if guide not in guides:
            problems.append(f".ci/docc-articles.py names {guide}, which is not in Docs/")
    if problems:
        return files, problems
    for module, names in CATALOGS.items():
        images = set()
        for guide in names:
            files[catalog_dir(module) / "Articles" / f"{guide}.md"] = article(guide, problems, images).encode()
        for image in sorted(images):
            files[catalog_dir(module) / "Resources" / image] = (docs / image).read_bytes()
        landing = catalog_dir(module) / f"{module}.md"
        listing = landing.read_text() if landing.is_file() else ""
        for guide in names:
            if f"<doc:{guide}>" not in listing:
                problems.append(f"{landing.relative_to(root)}: list <doc:{guide}> under its Topics")
    return files, problems


def generated_now():
    """The files this script wrote before: every article, and every Resources file that is a guide's image."""
    found = []
    for module in CATALOGS:
        found += (catalog_dir(module) / "Articles").glob("*.md")
        found += [p for p in (catalog_dir(module) / "Resources").glob("*") if (docs / p.name).is_file()]
    return set(found)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; fail if an article is stale")
    check = parser.parse_args().check
    files, problems = expected()
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    stale = sorted(
        str(path.relative_to(root))
        for path in set(files) | generated_now()
        if path not in files or not path.is_file() or path.read_bytes() != files[path]
    )
    if check:
        if stale:
            print("docc articles: these differ from what Docs/ gives:\n  " + "\n  ".join(stale))
            print("Edit Docs/*.md, never the articles, then run: python3 .ci/docc-articles.py")
            sys.exit(1)
        print(f"docc articles: the {len(files)} generated files match Docs/")
        return
    for path in generated_now() - set(files):
        path.unlink()
    for path, data in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
    print(f"docc articles: {len(stale)} of {len(files)} files written" + "".join(f"\n  {s}" for s in stale))


if __name__ == "__main__":
    main()
