"""Pictures of the table: goldens for fixed positions, every position of a seeded game drawn, sizes
within a phone's reach, and nothing hidden in what a picture placed."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.engine.state import project
from bot.pictures import draw_table
from bot.pictures.kit import KEY, MIN_TEXT, PHONE, READ, WIDTH, Canvas, font
from tests.pictures.positions import SETUPS, names, play, position

GOLDEN = Path(__file__).parent / "golden"
GAMES = list(SETUPS)
# Fixed positions: (seed, moves played). Regenerate with PICTURES_UPDATE=1 after a deliberate change.
POSITIONS = [(5, 0), (5, 60)]


def _ids(value: Any) -> set[str]:
    """Every string anywhere in a view: card ids, names, keys."""
    if isinstance(value, dict):
        return {s for k, v in value.items() for s in _ids(v) | {str(k)}}
    if isinstance(value, list):
        return {s for v in value for s in _ids(v)}
    return {value} if isinstance(value, str) else set()


def _difference(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels that differ noticeably (fonts may rasterise a shade differently elsewhere)."""
    if a.size != b.size:
        return 1.0
    diff = ImageChops.difference(a.convert("L"), b.convert("L")).point(lambda v: 255 if v > 48 else 0)
    return sum(diff.histogram()[255:]) / (a.size[0] * a.size[1])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("seed", "moves"), POSITIONS)
def test_golden_pictures(game: str, seed: int, moves: int) -> None:
    _, view = position(game, seed, moves)
    canvas = draw_table(game, view["public"], names(game))
    assert canvas is not None
    path = GOLDEN / f"{game}-{seed}-{moves}.png"
    if os.environ.get("PICTURES_UPDATE") or not path.exists():
        path.parent.mkdir(exist_ok=True)
        canvas.image.save(path)
        if not os.environ.get("PICTURES_UPDATE"):
            pytest.fail(f"{path.name} was missing and has been written: check it in and run again")
    with Image.open(path) as golden:
        assert _difference(canvas.image, golden) < 0.01, f"{path.name} changed: look at it"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("moves", [20, 60])
def test_a_picture_fits_a_phone_and_discord(game: str, moves: int) -> None:
    """Phone first: at the largest table, the picture is WIDTH wide, so a phone shows it at
    PHONE / WIDTH; the heading, every player's name and every number placed read there at 14 px
    or more (READ in the picture). The heading and the bars' labels are KEY or more: 14 px where
    the transcripts show the picture 280 px wide."""
    _, view = position(game, 5, moves)
    canvas = draw_table(game, view["public"], names(game))
    assert canvas is not None
    png = canvas.png()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) <= 250 * 1024
    assert canvas.width == WIDTH <= 700 and canvas.height <= 4000
    assert READ * PHONE / WIDTH >= 14 and KEY * 280 / WIDTH >= 14
    placed = list(zip(canvas.strings, canvas.sizes, strict=True))
    assert placed[0][1] >= KEY  # the heading
    bars = [size for text, size in placed if text.startswith(("Morale ", "Faith ", "Masquerade "))]
    assert all(size >= KEY - 2 for size in bars) and (bars or game in ("haunted", "apocrypha"))
    for name in names(game):
        assert any(name in text and size >= READ for text, size in placed), f"{name} is not readable on a phone"
    small_numbers = [text for text, size in placed if text.isdigit() and size < READ]
    assert not small_numbers, f"numbers drawn under {READ} px: {small_numbers}"


@pytest.mark.parametrize("game", GAMES)
def test_every_position_of_a_seeded_game_draws_and_hides_what_is_hidden(game: str) -> None:
    """Each position of a seeded game draws; no string placed on the table picture names a card found
    only in a hidden part of the state (a hand, a deck, a facedown card)."""
    from bot.games import all_rules

    rules = all_rules()[game]
    drawn = 0
    for _, state in play(game, seed=23, moves=40):
        drawn += 1
        full = state.model_dump(mode="json")
        public = project(state, None)["public"]
        shown = _ids(public)
        hidden_ids = (_ids(full.get("secret", {})) | _ids(full.get("players", {}))) - shown
        hidden_names = {_display_name(game, i) for i in hidden_ids} - {None} - set(shown)
        canvas = draw_table(game, public, names(game))
        assert canvas is not None
        placed = " | ".join(canvas.strings)
        leaked = [
            n
            for n in hidden_names
            if n and len(n) > 3 and n in placed and not _named_publicly(game, n, shown)
        ]
        assert not leaked, f"{rules.title}: hidden {leaked} drawn"
        assert canvas.width <= 1100
    assert drawn > 5


def _display_name(game: str, card: str) -> str | None:
    from bot.pictures import apocrypha, apollyon

    try:
        if game == "haunted":
            from bot.games.haunted.cards import catalogue

            return catalogue().name(card)
        if game == "faith":
            from bot.games.faith.cards import card as faith_card

            return faith_card(card).name
        if game == "catharsis":
            from bot.games.catharsis.cards import content

            return content().card_name(card)
        if game == "apollyon":
            name = apollyon._name(card)
            return name if name != card else None
        if game == "apocrypha":
            return apocrypha._card_name(card) if "#" in card else None
    except (KeyError, ValueError):
        return None
    return None


def _named_publicly(game: str, name: str, shown: set[str]) -> bool:
    """A hidden copy can share its name with a card in plain view (two copies of one card)."""
    return any(_display_name(game, s) == name for s in shown)


def test_text_is_never_smaller_than_fourteen_pixels() -> None:
    assert font(8).size == MIN_TEXT
    canvas = Canvas(200, 50)
    text, size = canvas.fit("A very long card name that cannot fit in this box at all", 150, 18)
    assert size == MIN_TEXT and text.endswith("…") and canvas.text_width(text, size) <= 150


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_picture_shows_the_viewers_own_cards_and_marks_the_playable(game: str) -> None:
    from bot.games import all_rules
    from bot.pictures import hand_cards
    from bot.pictures.hand import draw_hand

    rules = all_rules()[game]
    checked = 0
    for _, state in play(game, seed=31, moves=60):
        for seat in rules.waiting_for(state):
            view = project(state, seat)
            cards = hand_cards(game, view, rules.legal_actions(state, seat), seat)
            if game != "catharsis":  # a hero's powers are public; every other hand is the seat's own part
                own = {_display_name(game, i) for i in _ids(state.model_dump(mode="json")["players"][str(seat)])}
                assert {c.name for c in cards} <= own
            if any(c.playable for c in cards) and not checked:
                placed = " | ".join(draw_hand("Your hand", cards).strings)
                assert all(c.name[:8] in placed for c in cards)
                assert "you can play now" in placed
                checked += 1
    assert checked > 0, "no position with a playable card was checked"


def test_an_apocrypha_checks_dice_are_drawn_for_its_saints_only_and_kept_ones_read_apart() -> None:
    from bot.engine.seats import GUIDE
    from bot.pictures.apocrypha import dice

    pool = [
        {"colour": "body", "value": 6, "kept": True},
        {"colour": "body", "value": 1, "kept": False},
        {"colour": "bonus", "value": 3, "trashed": True},
        {"colour": "rage", "value": 4, "kept": True},
        {"colour": "body", "value": 5, "kept": True},
    ]
    check = {"seat": 0, "virtue": "body", "target": 12, "stage": "done", "total": 15, "success": True,
             "assists": [{"seat": 2, "virtue": "body", "value": 2, "accepted": True}], "pool": {"dice": pool}}
    public = {"check": check, "saints": {"0": {"name": "Frank Block"}}}
    done = dice(public, 0)
    assert done is not None
    placed = done.strings
    assert "Frank Block checks Body against 12" in placed
    # Kept and dropped are said in words as well as drawn (filled, or hollow and struck through).
    assert placed.count("kept") == 3 and placed.count("dropped") == 1
    assert "d2 body" in placed and "d5 body" in placed and "d3 bonus" not in placed  # trashed: gone
    assert any("= 15 · success" in s for s in placed)
    assert dice(public, 2) is not None and dice(public, 1) is None  # the assister sees it; others not
    assert dice(public, GUIDE) is not None  # and the guide, who runs the check
    rolled = dice({**public, "check": {**check, "stage": "evaluate", "total": None, "success": None}}, 0)
    assert rolled is not None and "kept" not in rolled.strings and "dropped" not in rolled.strings
    assert dice({**public, "check": {**check, "pool": None}}, 0) is None  # not rolled yet


def test_an_apocrypha_halo_shows_its_cards_around_the_saints_initials() -> None:
    from bot.pictures.apocrypha import _card_name

    _, view = position("apocrypha", 5, 20)
    public = view["public"]
    saint = public["saints"]["1"]
    saint["halo"] = {"0": "the_first_snow#1", "5": "the_broken_swing#2"}
    canvas = draw_table("apocrypha", public, names("apocrypha"))
    assert canvas is not None
    placed = " ".join(canvas.strings)
    for uid in saint["halo"].values():
        assert all(word in placed for word in _card_name(uid).split())  # wrapped over lines in its cell
    initials = "".join(w[0] for w in saint["name"].replace(".", "").split()[:2]).upper()
    assert initials in canvas.strings and canvas.sizes[canvas.strings.index(initials)] > READ


def test_a_catharsis_duo_power_is_drawn_on_both_partners_rows_with_its_state() -> None:
    """Two pairs share Bond of Arms: each partner's row ends with it, gold-striped, saying whether it
    is ready or exhausted and which half is theirs; once discarded it is a note on both rows. The
    picture with both pairs is a golden too."""
    _, view = position("catharsis", 5, 60, {"duos": [[0, 1], [2, 3]]})
    public = view["public"]
    canvas = draw_table("catharsis", public, names("catharsis"))
    assert canvas is not None
    assert canvas.strings.count("Bond of Arms") == 4 and canvas.strings.count("duo · ready") == 4
    placed = " ".join(canvas.strings)  # a foot may wrap onto a second line
    for half in ("top · with Basil", "bottom · with Ada", "top · with Dorothea", "bottom · with Clementine"):
        assert half in placed
    path = GOLDEN / "catharsis-duo-5-60.png"
    if os.environ.get("PICTURES_UPDATE") or not path.exists():
        canvas.image.save(path)
        if not os.environ.get("PICTURES_UPDATE"):
            pytest.fail(f"{path.name} was missing and has been written: check it in and run again")
    with Image.open(path) as golden:
        assert _difference(canvas.image, golden) < 0.01, f"{path.name} changed: look at it"
    public["duos"][0]["ready"] = False  # a point of damage exhausted it
    public["duos"][1]["gone"] = True  # two more discarded the other pair's
    strings = draw_table("catharsis", public, names("catharsis")).strings
    assert strings.count("duo · exhausted") == 2 and strings.count("Bond of Arms") == 2
    assert sum("duo Bond of Arms discarded" in s for s in strings) == 2
