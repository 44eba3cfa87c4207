"""Check the built HTML docs for dead internal links: every relative link must name a file
that exists and, with a fragment, an element id in it (the generated source listings under
``_modules`` are not checked). Usage: python .ci/check_links.py DIR
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class Page(HTMLParser):
    """The ids and the links of one HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            if tag == "a" and name == "href" and value:
                self.links.append(value)


def main(root: Path) -> int:
    pages: dict[Path, Page] = {}
    for path in root.rglob("*.html"):
        page = Page()
        page.feed(path.read_text(encoding="utf-8"))
        pages[path.resolve()] = page
    dead = []
    for path, page in pages.items():
        if "_modules" in path.parts:
            continue  # viewcode's source listings link to objects by their import paths
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith("mailto:"):
                continue  # external: not checked (no network here)
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if not target.exists():
                dead.append(f"{path.relative_to(root.resolve())}: {link} (no such file)")
                continue
            if parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else set()
                if unquote(parts.fragment) not in ids:
                    dead.append(f"{path.relative_to(root.resolve())}: {link} (no such anchor)")
    for line in dead:
        print(line)
    print(f"{len(pages)} pages, {len(dead)} dead internal links")
    return 1 if dead else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
