"""The kit's shortcuts draw what Pillow draws: stamped text and boxes with pasted corners are the same
pixels as `ImageDraw.text` and `rounded_rectangle`, so caching changed the speed and not the picture."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

from bot.pictures.kit import FAINT, GOLD, OUTLINE_INK, PANEL, STROKE, Canvas, font


@pytest.mark.parametrize("seed", range(3))
def test_a_box_is_pixel_for_pixel_pillows_rounded_rectangle(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        radius, width = rng.choice([4, 6, 8, 9]), rng.choice([1, 2, 3, 4])
        fill = rng.choice([PANEL, (0, 0, 0), (38, 40, 46)])
        outline = rng.choice([None, GOLD, FAINT, fill])
        w, h = rng.randrange(1, 300), rng.randrange(1, 160)  # small boxes take Pillow's own path
        ours = Canvas(320, 180, background=(10, 20, 30))
        ours.box(5, 7, w, h, fill=fill, outline=outline, width=width, radius=radius)
        pillow = Image.new("RGB", (320, 180), (10, 20, 30))
        ImageDraw.Draw(pillow).rounded_rectangle(
            (5, 7, 5 + w, 7 + h), radius=radius, fill=fill, outline=outline, width=width
        )
        assert ours.image.tobytes() == pillow.tobytes(), (radius, width, fill, outline, w, h)


@pytest.mark.parametrize("anchor", ["la", "mm", "ma", "ra"])
@pytest.mark.parametrize("outline", [False, True])
def test_stamped_text_is_pixel_for_pixel_pillows_text(anchor: str, outline: bool) -> None:
    for text, size, bold in (("Line 2 · complete", 14, False), ("▶ Ada · 5 cards", 19, True), ("★", 28, True)):
        for _ in range(2):  # the second time comes from the cache
            ours = Canvas(360, 60, background=(47, 50, 58))
            ours.text(180, 30, text, size=size, bold=bold, anchor=anchor, outline=outline)
            pillow = Image.new("RGB", (360, 60), (47, 50, 58))
            stroke = {"stroke_width": STROKE, "stroke_fill": OUTLINE_INK} if outline else {}
            ImageDraw.Draw(pillow).text(
                (180, 30), text, font=font(size, bold), fill=(235, 236, 240), anchor=anchor, **stroke
            )
            assert ours.image.tobytes() == pillow.tobytes(), text
            assert ours.strings == [text]


def test_lines_break_between_words_and_after_hyphens_and_a_tile_fits_its_text() -> None:
    canvas = Canvas(300, 200)
    assert canvas.wrap("Hard-to-Destroy Reptile", 120, 19, True) == ["Hard-to-", "Destroy", "Reptile"]
    assert canvas.wrap("Hard-to-Destroy Reptile", 1000, 19, True) == ["Hard-to-Destroy Reptile"]
    assert canvas.wrap("The Lucky - Vending Machine", 1000, 19) == ["The Lucky - Vending Machine"]  # a dash
    # A tile's name is never shrunk below its size less a few pixels: too long, it is cut instead.
    h = canvas.tile(0, 0, 120, "Wealthy Relative's Mansion of Many Rooms", stripe=GOLD, max_lines=2)
    assert h == canvas.tile_height("Wealthy Relative's Mansion of Many Rooms", 120, max_lines=2)
    assert len(canvas.strings) == 2 and canvas.strings[-1].endswith("…")
    assert min(canvas.sizes) >= 21 - 4
    text, size = canvas.fit("Wealthy Relative's Mansion", 100, 21, True, least=19)
    assert size == 19 and text.endswith("…")
