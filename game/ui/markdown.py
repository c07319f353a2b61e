"""The rules reference's Markdown, read by markdown-it-py (CommonMark with tables) into the blocks the
rules screen lays out: headings, paragraphs, list items, tables, code, quotes and rules, with **bold**,
*italic* and `code` spans. Pure text in, blocks out; the rules screen draws them with pygame."""
from __future__ import annotations

import dataclasses

from markdown_it import MarkdownIt
from markdown_it.token import Token

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


_MD = MarkdownIt("commonmark").enable("table")


def inline(text: str) -> list[Span]:
    """A line of Markdown as styled spans (links keep their words, in italics)."""
    tokens = _MD.parseInline(text)
    return spans_of(tokens[0].children or []) if tokens else []


def spans_of(children: list[Token]) -> list[Span]:
    """An inline token stream as (text, style) spans; nested emphasis makes "bi"."""
    spans: list[Span] = []
    bold = italic = 0
    for t in children:
        if t.type == "strong_open":
            bold += 1
        elif t.type == "strong_close":
            bold -= 1
        elif t.type in ("em_open", "link_open"):
            italic += 1
        elif t.type in ("em_close", "link_close"):
            italic -= 1
        elif t.type == "code_inline":
            spans.append((t.content, "code"))
        elif t.type in ("text", "softbreak", "hardbreak", "html_inline"):
            text = " " if t.type != "text" and t.type != "html_inline" else t.content
            style = ("b" if bold else "") + ("i" if italic else "")
            if spans and spans[-1][1] == style:
                spans[-1] = (spans[-1][0] + text, style)
            else:
                spans.append((text, style))
    return [(t, s) for t, s in spans if t]


def _front_matter(text: str) -> str:
    """Front matter (--- ... ---) at the very top is metadata, not rules."""
    lines = text.replace("\r\n", "\n").split("\n")
    if lines and lines[0].strip() == "---":
        for j in range(1, len(lines)):
            if lines[j].strip() == "---":
                return "\n".join(lines[j + 1:])
    return "\n".join(lines)


def _align(token: Token) -> str:
    style = str(token.attrs.get("style", ""))
    return "c" if "center" in style else "r" if "right" in style else "l"


def parse(text: str) -> list[Block]:
    tokens = _MD.parse(_front_matter(text))
    blocks: list[Block] = []
    lists: list[list] = []              # per open list: [ordered, next number]
    quote = 0                           # inside a block quote: its paragraphs join one quote block
    table: Block | None = None
    row: list[list[Span]] | None = None
    i = 0
    while i < len(tokens):
        t = tokens[i]
        kind = t.type
        if kind == "heading_open":
            blocks.append(Block("h", spans_of(tokens[i + 1].children or []), level=int(t.tag[1])))
            i += 3
            continue
        if kind in ("bullet_list_open", "ordered_list_open"):
            lists.append([kind == "ordered_list_open", int(t.attrs.get("start", 1) or 1)])
        elif kind in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif kind == "list_item_open":
            ordered, number = lists[-1]
            marker = f"{number}{t.markup or '.'}" if ordered else "•"
            if ordered:
                lists[-1][1] += 1
            blocks.append(Block("li", level=min(len(lists) - 1, 4), marker=marker))
        elif kind == "blockquote_open":
            quote += 1
            if quote == 1:
                blocks.append(Block("quote"))
        elif kind == "blockquote_close":
            quote -= 1
        elif kind == "inline" and table is not None and row is not None:
            row.append(spans_of(t.children or []))
        elif kind == "inline":
            spans = spans_of(t.children or [])
            target = _open_block(blocks, quote, lists, tokens, i)
            if target is None:
                blocks.append(Block("p", spans))
            else:
                if target.spans and spans:
                    spans = [(" ", "")] + spans
                target.spans.extend(spans)
        elif kind in ("fence", "code_block"):
            blocks.append(Block("code", lines=t.content.rstrip("\n").split("\n")))
        elif kind == "hr":
            blocks.append(Block("hr"))
        elif kind == "table_open":
            table = Block("table")
        elif kind == "tr_open":
            row = []
        elif kind == "th_open":
            table.align.append(_align(t))
        elif kind in ("th_close", "td_close") and row is not None and tokens[i - 1].type != "inline":
            row.append([])
        elif kind == "tr_close":
            table.rows.append(row + [[] for _ in range(len(table.align) - len(row))])
            row = None
        elif kind == "table_close":
            blocks.append(table)
            table = None
        i += 1
    return blocks


def _open_block(blocks: list[Block], quote: int, lists: list, tokens: list[Token], i: int) -> Block | None:
    """The block a paragraph's words join: the open quote, or the list item it stands in (its first
    paragraph; a later one makes a paragraph of its own). None: a paragraph of its own."""
    if quote and blocks and blocks[-1].kind == "quote":
        return blocks[-1]
    if lists and blocks and blocks[-1].kind == "li" and i >= 2 and tokens[i - 2].type == "list_item_open":
        return blocks[-1]
    return None
