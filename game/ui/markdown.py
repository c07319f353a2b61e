"""A small Markdown reader for the rules reference: headings, paragraphs, lists, tables, code,
quotes and rules, with **bold**, *italic* and `code` spans. Pure text in, blocks out; the
rules screen lays the blocks out with pygame."""
from __future__ import annotations

import dataclasses
import re

Span = tuple[str, str]          # (text, style): style "" | "b" | "i" | "bi" | "code"


@dataclasses.dataclass
class Block:
    kind: str                   # "h", "p", "li", "table", "code", "quote", "hr"
    spans: list[Span] = dataclasses.field(default_factory=list)
    level: int = 0              # heading level, or list depth
    marker: str = ""            # list marker: "•" or "3."
    rows: list[list[list[Span]]] = dataclasses.field(default_factory=list)   # table: header first
    lines: list[str] = dataclasses.field(default_factory=list)               # code
    align: list[str] = dataclasses.field(default_factory=list)               # table: l/c/r

    @property
    def text(self) -> str:
        return "".join(t for t, _ in self.spans)


_INLINE = re.compile(r"(\*\*\*.+?\*\*\*|\*\*.+?\*\*|__.+?__|`[^`]+`|\*[^*\s][^*]*?\*|_[^_\s][^_]*?_|\[[^\]]+\]\([^)]+\))")


def inline(text: str) -> list[Span]:
    """Split a line into styled spans; links keep their words."""
    spans: list[Span] = []
    pos = 0
    for m in _INLINE.finditer(text):
        if m.start() > pos:
            spans.append((text[pos:m.start()], ""))
        tok = m.group(0)
        if tok.startswith("***"):
            spans.append((tok[3:-3], "bi"))
        elif tok.startswith("**") or tok.startswith("__"):
            spans.append((tok[2:-2], "b"))
        elif tok.startswith("`"):
            spans.append((tok[1:-1], "code"))
        elif tok.startswith("["):
            spans.append((tok[1:tok.index("]")], "i"))
        else:
            spans.append((tok[1:-1], "i"))
        pos = m.end()
    if pos < len(text):
        spans.append((text[pos:], ""))
    return [(t.replace("\\", "") if s != "code" else t, s) for t, s in spans if t]


_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_LIST = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$")


def _cells(line: str) -> list[str]:
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]


def parse(text: str) -> list[Block]:
    lines = text.replace("\r\n", "\n").split("\n")
    # front matter (--- ... ---) at the very top is metadata, not rules
    if lines and lines[0].strip() == "---":
        for j in range(1, len(lines)):
            if lines[j].strip() == "---":
                lines = lines[j + 1:]
                break
    blocks: list[Block] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(Block("p", inline(" ".join(s.strip() for s in para))))
            para.clear()

    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if not stripped:
            flush()
            i += 1
            continue
        if stripped.startswith("```"):
            flush()
            code = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith("```"):
                code.append(lines[i].rstrip())
                i += 1
            blocks.append(Block("code", lines=code))
            i += 1
            continue
        m = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", stripped)
        if m:
            flush()
            blocks.append(Block("h", inline(m.group(2)), level=len(m.group(1))))
            i += 1
            continue
        if re.match(r"^(-{3,}|\*{3,}|_{3,})$", stripped):
            flush()
            blocks.append(Block("hr"))
            i += 1
            continue
        if "|" in stripped and i + 1 < len(lines) and _TABLE_SEP.match(lines[i + 1]):
            flush()
            header = _cells(stripped)
            align = []
            for c in _cells(lines[i + 1]):
                c = c.strip()
                align.append("c" if c.startswith(":") and c.endswith(":") else "r" if c.endswith(":") else "l")
            rows = [[inline(c) for c in header]]
            i += 2
            while i < len(lines) and "|" in lines[i] and lines[i].strip():
                cells = _cells(lines[i])
                cells += [""] * (len(header) - len(cells))
                rows.append([inline(c) for c in cells[:len(header)]])
                i += 1
            blocks.append(Block("table", rows=rows, align=align + ["l"] * (len(header) - len(align))))
            continue
        m = _LIST.match(line)
        if m:
            flush()
            depth = len(m.group(1).replace("\t", "    ")) // 2
            marker = "•" if m.group(2) in "-*+" else m.group(2)
            item = [m.group(3)]
            i += 1
            # lazy continuation lines belong to the item
            while (i < len(lines) and lines[i].strip() and not _LIST.match(lines[i])
                   and lines[i].startswith("  ") and not lines[i].strip().startswith("#")):
                item.append(lines[i].strip())
                i += 1
            blocks.append(Block("li", inline(" ".join(item)), level=min(depth, 4), marker=marker))
            continue
        if stripped.startswith(">"):
            flush()
            quote = []
            while i < len(lines) and lines[i].strip().startswith(">"):
                quote.append(lines[i].strip()[1:].strip())
                i += 1
            blocks.append(Block("quote", inline(" ".join(quote))))
            continue
        para.append(line)
        i += 1
    flush()
    return blocks
