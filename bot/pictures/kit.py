"""The layout kit every game's picture uses: a canvas with fitted text, cards, bars, dice and grids.

No game draws its own text wrapping or card boxes: they call these. Every string placed on
a canvas is kept in `Canvas.strings`, so a test can check that a picture holds nothing the
viewer's projection does not (hidden cards cannot leak through a drawing).
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONTS = Path(__file__).resolve().parents[2] / "data" / "fonts"
# Phone first. A phone shows an embed's picture about 400 px wide (the embed's width there), so a
# picture W px wide is shown at 400 / W of its size. Table pictures are 600 px wide: shown at two
# thirds, READ px text comes out at 14 px, so what a player must read is drawn at READ or larger;
# NOTE is for details a tap (which opens the picture full size) is fine for.
WIDTH = 600
PHONE = 400  # px: the width a phone shows an embed's picture at
READ = 21  # px: 14 px at PHONE / WIDTH, the smallest size for what a player must read on a phone
NOTE = 17  # px: secondary details, about 11 px on a phone
# In the transcripts a 400 px window shows the picture about 280 px wide (the avatar column and the
# embed's padding take the rest): names and key numbers are drawn at KEY, 14 px even there.
KEY = 30
HEAD_H = KEY + 16  # a box's first line (a player's name, KEY px) and the space under it
MIN_TEXT = 14  # text is never drawn smaller than this many pixels
PAD = 12
HEADING = 34  # px: the picture's first line, about 23 px on a phone

RGB = tuple[int, int, int]
BACKGROUND: RGB = (32, 34, 40)
PANEL: RGB = (47, 50, 58)
INK: RGB = (235, 236, 240)
FAINT: RGB = (160, 164, 175)
GOLD: RGB = (240, 196, 64)
RED: RGB = (214, 72, 72)
GREEN: RGB = (84, 186, 112)
BLUE: RGB = (82, 140, 220)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), max(size, MIN_TEXT))


# Redrawing a table places mostly the same strings and boxes as the drawing before it, and rendering
# glyphs and arcs was most of the time a picture took: both are drawn once and then stamped.
_MEASURE = ImageDraw.Draw(Image.new("RGB", (1, 1)))
OUTLINE_INK: RGB = (16, 16, 20)
_HYPHENATED = re.compile(r"([^\s-]+-+)(?=[^\s-])|\S+")  # a word, or the part of one up to a hyphen
TILE_INSET = 20  # a tile's stripe and margins: its text is this much narrower than the tile
STROKE = 3


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> int:
    return int(_MEASURE.textlength(text, font=font(size, bold)))


@lru_cache(maxsize=1024)  # ~5 KB a string: five games' 120 positions placed 738 distinct ones, 3.8 MB
def _glyphs(text: str, size: int, bold: bool, anchor: str, stroke: int) -> tuple[int, int, Image.Image]:
    """The text's coverage as a mask, and where its corner sits from the anchor point."""
    face = font(size, bold)
    left, top, right, bottom = face.getbbox(text, anchor=anchor, stroke_width=stroke)
    mask = Image.new("L", (max(right - left, 1), max(bottom - top, 1)))
    ImageDraw.Draw(mask).text(
        (-left, -top), text, font=face, fill=255, anchor=anchor, stroke_width=stroke, stroke_fill=255
    )
    return left, top, mask


@lru_cache(maxsize=256)
def _corners(radius: int, fill: RGB, outline: RGB | None, width: int) -> tuple[int, list[Image.Image]]:
    """A rounded box's four corners (with a margin of straight edge), drawn once by Pillow itself:
    pasted on the straight parts they give the same pixels as `rounded_rectangle`."""
    side = radius + 3
    size = 2 * side + 2
    tile = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    ImageDraw.Draw(tile).rounded_rectangle(
        (0, 0, size - 1, size - 1),
        radius=radius,
        fill=(*fill, 255),
        outline=None if outline is None else (*outline, 255),
        width=width,
    )
    near, far = (0, side), (size - side, size)
    return side, [tile.crop((x[0], y[0], x[1], y[1])) for y in (near, far) for x in (near, far)]


@dataclass
class Canvas:
    width: int
    height: int
    background: RGB = BACKGROUND
    strings: list[str] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)  # the size each of `strings` was drawn at

    def __post_init__(self) -> None:
        self.image = Image.new("RGB", (self.width, self.height), self.background)
        self.draw = ImageDraw.Draw(self.image)

    # -- text ---------------------------------------------------------------------------
    def text_width(self, text: str, size: int, bold: bool = False) -> int:
        return text_width(text, size, bold)

    def fit(
        self, text: str, width: int, size: int, bold: bool = False, least: int = MIN_TEXT
    ) -> tuple[str, int]:
        """Shrink to fit (never under `least`, nor MIN_TEXT), then cut with an ellipsis."""
        measured = self.text_width(text, size, bold)
        if measured <= width:
            return text, size
        least = min(max(least, MIN_TEXT), size)
        # Text width grows in proportion to the size, so one estimate lands within a pixel or two.
        size = max(least, int(size * width / measured))
        while size > least and self.text_width(text, size, bold) > width:
            size -= 1
        if self.text_width(text, size, bold) <= width:
            return text, size
        low, high = 0, len(text)  # the longest prefix that fits with its ellipsis
        while low < high:
            mid = (low + high + 1) // 2
            if self.text_width(text[:mid] + "…", size, bold) <= width:
                low = mid
            else:
                high = mid - 1
        return text[:low].rstrip() + "…", size

    def text(
        self,
        x: int,
        y: int,
        text: str,
        *,
        size: int = 18,
        bold: bool = False,
        colour: RGB = INK,
        width: int | None = None,
        anchor: str = "la",
        outline: bool = False,
        least: int = MIN_TEXT,
    ) -> int:
        """Draw one line (fitted to `width` if given, never under `least`); returns the line's height."""
        if width is not None:
            text, size = self.fit(text, width, size, bold, least)
        if text:
            self.strings.append(text)
            self.sizes.append(size)
            if outline:
                self._stamp(x, y, _glyphs(text, size, bold, anchor, STROKE), OUTLINE_INK)
            self._stamp(x, y, _glyphs(text, size, bold, anchor, 0), colour)
        return size + 4

    def _stamp(self, x: int, y: int, glyphs: tuple[int, int, Image.Image], colour: RGB) -> None:
        left, top, mask = glyphs
        self.image.paste(colour, (x + left, y + top), mask)

    def wrap(self, text: str, width: int, size: int, bold: bool = False) -> list[str]:
        """Lines of at most `width`, broken between words or after a word's hyphen
        ("Hard-to-" / "Destroy"), since narrow tiles hold long hyphenated names."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line, glued = "", False
            for match in _HYPHENATED.finditer(paragraph):
                word = match.group()
                trial = f"{line}{word}" if glued else f"{line} {word}".strip()
                if self.text_width(trial, size, bold) <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
                glued = match.group(1) is not None  # the word goes on after its hyphen
            lines.append(line)
        return lines

    def lines(self, text: str, width: int, size: int, bold: bool = False, max_lines: int = 3) -> list[str]:
        """`text` wrapped to `width`, at most `max_lines` lines (the last cut with an ellipsis)."""
        lines = self.wrap(text, width, size, bold)
        if len(lines) > max_lines:
            lines = lines[:max_lines]
            lines[-1] = self.fit(lines[-1] + " …", width, size, bold, size)[0]
        return lines

    def paragraph(
        self,
        x: int,
        y: int,
        text: str,
        width: int,
        *,
        size: int = 15,
        colour: RGB = INK,
        max_lines: int = 3,
        bold: bool = False,
        least: int = MIN_TEXT,
    ) -> int:
        """Wrapped text of at most `max_lines` lines; returns the height used. A word too long for a
        line shrinks, never under `least`, then is cut."""
        lines = self.lines(text, width, size, bold, max_lines)
        for i, line in enumerate(lines):
            self.text(x, y + i * (size + 4), line, size=size, colour=colour, width=width, bold=bold, least=least)
        return len(lines) * (size + 4)

    def tile_height(
        self, text: str, w: int, size: int = READ, max_lines: int = 3, kind: str = "", foot: str = ""
    ) -> int:
        """How tall `tile` draws this text in a tile `w` wide."""
        above = NOTE + 4 if kind else 0
        below = len(self.lines(foot, w - TILE_INSET, size - 1, False, 2)) * (size + 3) if foot else 0
        return above + len(self.lines(text, w - TILE_INSET, size, True, max_lines)) * (size + 4) + below + 12

    def tile(
        self,
        x: int,
        y: int,
        w: int,
        text: str,
        *,
        stripe: RGB,
        size: int = READ,
        max_lines: int = 3,
        height: int | None = None,
        highlight: bool = False,
        dim: bool = False,
        kind: str = "",
        foot: str = "",
    ) -> int:
        """A small card read at a glance: a stripe of its kind's colour down the left and its name,
        bold, wrapped to up to `max_lines` lines, under a line of `kind` in small print and above up
        to two lines of `foot` (its numbers) if given. Returns its height (`height` to line up a row)."""
        h = height or self.tile_height(text, w, size, max_lines, kind, foot)
        self.box(x, y, w, h, fill=(40, 42, 48) if dim else PANEL, outline=GOLD if highlight else stripe,
                 width=3 if highlight else 2, radius=6)
        self.draw.rectangle((x + 2, y + 2, x + 8, y + h - 2), fill=FAINT if dim else stripe)
        if kind:
            y += self.text(x + 14, y + 5, kind, size=NOTE, colour=FAINT, width=w - TILE_INSET)
        # A word too long for its line shrinks a little before it is cut.
        y += self.paragraph(x + 14, y + 6, text, w - TILE_INSET, size=size, bold=True, max_lines=max_lines,
                            colour=FAINT if dim else INK, least=size - 4)
        if foot:
            self.paragraph(x + 14, y + 6, foot, w - TILE_INSET, size=size - 1, max_lines=2, least=NOTE,
                           colour=FAINT if dim else INK)
        return h

    def stat(self, x: int, y: int, value: str, caption: str, *, size: int = KEY, colour: RGB = INK) -> int:
        """A key number, large, with its caption after it in readable text; returns the width used."""
        self.text(x, y, value, size=size, bold=True, colour=colour)
        x2 = x + self.text_width(value, size, True) + 6
        self.text(x2, y + size - READ - 2, caption, size=READ, colour=FAINT)
        return x2 + self.text_width(caption, READ) - x

    # -- shapes -------------------------------------------------------------------------
    def box(
        self,
        x: int,
        y: int,
        w: int,
        h: int,
        *,
        fill: RGB = PANEL,
        outline: RGB | None = None,
        width: int = 2,
        radius: int = 8,
    ) -> None:
        """A rounded box from (x, y) to (x + w, y + h), its corners pasted from `_corners`."""
        side, (top_left, top_right, bottom_left, bottom_right) = _corners(radius, fill, outline, width)
        x1, y1 = x + w, y + h
        if w < 2 * side or h < 2 * side:  # too small for four separate corners
            self.draw.rounded_rectangle((x, y, x1, y1), radius=radius, fill=fill, outline=outline, width=width)
            return
        self.draw.rectangle((x + side, y, x1 - side, y1), fill=fill)
        self.draw.rectangle((x, y + side, x1, y1 - side), fill=fill)
        if outline is not None and outline != fill:
            for edge in (
                (x + side, y, x1 - side, y + width - 1),
                (x + side, y1 - width + 1, x1 - side, y1),
                (x, y + side, x + width - 1, y1 - side),
                (x1 - width + 1, y + side, x1, y1 - side),
            ):
                self.draw.rectangle(edge, fill=outline)
        far_x, far_y = x1 - side + 1, y1 - side + 1
        for tile, at in ((top_left, (x, y)), (top_right, (far_x, y)), (bottom_left, (x, far_y)),
                         (bottom_right, (far_x, far_y))):
            self.image.paste(tile, at, tile)

    def card(
        self,
        x: int,
        y: int,
        w: int,
        h: int,
        title: str,
        *,
        kind: str = "",
        body: str = "",
        colour: RGB = BLUE,
        highlight: bool = False,
        dim: bool = False,
        scale: float = 1.0,
    ) -> None:
        """A card: a coloured band with its kind, the title, and up to a few lines of body. `scale`
        enlarges its text, for pictures that a phone shows smaller."""
        fill = (40, 42, 48) if dim else PANEL
        self.box(x, y, w, h, fill=fill, outline=GOLD if highlight else colour, width=4 if highlight else 2)
        band = colour if not dim else FAINT
        self.draw.rectangle((x + 2, y + 2, x + w - 2, y + 8), fill=band)
        top = y + 12
        small, big = round(MIN_TEXT * scale), round(17 * scale)
        if kind:
            top += self.text(x + 8, top, kind, size=small, colour=FAINT, width=w - 16)
        top += self.text(x + 8, top, title, size=big, bold=True, colour=FAINT if dim else INK, width=w - 16)
        if body and top + small < y + h - 4:
            room = (y + h - 6 - top) // (small + 4)
            self.paragraph(x + 8, top, body, w - 16, size=small, max_lines=max(room, 1))

    def bar(
        self,
        x: int,
        y: int,
        w: int,
        h: int,
        value: int,
        most: int,
        *,
        colour: RGB = GREEN,
        marks: dict[int, str] | None = None,
        label: str = "",
        label_size: int = READ,
        mark_size: int = NOTE,
    ) -> None:
        """A progress bar with labelled marks (e.g. Morale tiers, the Lifted-Veil point), the label
        inside it (make `h` a few pixels more than `label_size`)."""
        most = max(most, 1)
        self.box(x, y, w, h, fill=(0, 0, 0), outline=FAINT, width=1, radius=4)
        filled = int(w * max(0, min(value, most)) / most)
        if filled > 4:
            self.box(x, y, filled, h, fill=colour, radius=4)
        for at, name in (marks or {}).items():
            mx = x + int(w * at / most)
            # Ticks above and below the bar, so a mark never runs through the label inside it.
            self.draw.line((mx, y - 5, mx, y + 5), fill=GOLD, width=3)
            self.draw.line((mx, y + h - 5, mx, y + h + 5), fill=GOLD, width=3)
            half = self.text_width(name, mark_size) // 2 + 2
            self.text(min(max(mx, x + half), x + w - half), y + h + 6, name, size=mark_size, colour=GOLD,
                      anchor="ma")
        if label:
            # Outlined, so the label reads on the filled part and the empty part alike.
            self.text(x + 10, y + h // 2, label, size=label_size, bold=True, width=w - 20, outline=True,
                      anchor="lm")

    def die(
        self,
        x: int,
        y: int,
        size: int,
        value: int,
        *,
        colour: RGB = INK,
        kept: bool = True,
        wild: bool = False,
    ) -> None:
        """A die face. Dropped dice are hollow and struck through, so no colour is needed to tell them."""
        face = colour if kept else BACKGROUND
        self.box(x, y, size, size, fill=face, outline=colour, width=3, radius=size // 6)
        ink = (20, 20, 24) if kept else colour
        if wild or not 1 <= value <= 6:
            self.text(
                x + size // 2,
                y + size // 2,
                "★" if wild else str(value),
                size=max(size // 2, MIN_TEXT),
                bold=True,
                colour=ink,
                anchor="mm",
            )
        else:
            r = max(size // 10, 3)
            q = size // 4
            spots = {
                1: [(2, 2)],
                2: [(1, 1), (3, 3)],
                3: [(1, 1), (2, 2), (3, 3)],
                4: [(1, 1), (3, 1), (1, 3), (3, 3)],
                5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)],
                6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)],
            }[value]
            for sx, sy in spots:
                cx, cy = x + sx * q, y + sy * q
                self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)
            self.strings.append(str(value))
            self.sizes.append(size)
        if not kept:
            self.draw.line((x + 4, y + size - 4, x + size - 4, y + 4), fill=colour, width=3)

    def grid(
        self,
        x: int,
        y: int,
        cell: int,
        cells: list[list[str]],
        *,
        centre_colour: RGB = GOLD,
        size: int = MIN_TEXT,
        centre_size: int | None = None,
    ) -> None:
        """A 3x3 grid (Apocrypha's halo): each cell a short label; the middle one highlighted, its
        label drawn large and centred when `centre_size` is given (a saint's initials)."""
        for r, row in enumerate(cells):
            for c, label in enumerate(row):
                cx, cy = x + c * (cell + 4), y + r * (cell + 4)
                middle = r == 1 and c == 1
                self.box(
                    cx,
                    cy,
                    cell,
                    cell,
                    fill=PANEL if label or middle else (38, 40, 46),
                    outline=centre_colour if middle else FAINT,
                    width=2,
                    radius=6,
                )
                if middle and centre_size and label:
                    self.text(cx + cell // 2, cy + cell // 2, label, size=centre_size, bold=True,
                              colour=centre_colour, anchor="mm", width=cell - 8)
                elif label:
                    room = (cell - 8) // (size + 4)
                    self.paragraph(cx + 4, cy + 4, label, cell - 8, size=size, bold=True, max_lines=room)

    def heading(self, x: int, y: int, text: str, *, colour: RGB = GOLD, width: int | None = None) -> int:
        """The picture's first line (whose turn, what is awaited), the largest text in it."""
        return self.text(x, y, text, size=HEADING, bold=True, colour=colour, width=width or self.width - 2 * PAD)

    # -- output -------------------------------------------------------------------------
    def crop(self, height: int) -> None:
        """Trim unused space at the bottom once the layout knows how tall it is."""
        height = max(min(height, self.height), 1)
        self.image = self.image.crop((0, 0, self.width, height))
        self.height = height
        self.draw = ImageDraw.Draw(self.image)

    def png(self) -> bytes:
        out = io.BytesIO()
        # The web palette: a third of the bytes and several times faster than learning a palette, and
        # flat drawings like these lose nothing visible (the theme's colours sit close to its grid).
        paletted = self.image.convert("P", palette=Image.Palette.WEB, dither=Image.Dither.NONE)
        paletted.save(out, format="PNG", compress_level=1)
        return out.getvalue()


def tall_canvas(height: int = 2400) -> Canvas:
    """A canvas taller than needed: draw, then `crop` to the height used."""
    return Canvas(WIDTH, height)
