"""Fixtures for the Apocrypha rules tests."""

from __future__ import annotations

import pytest
from apoc_helpers import FIXTURES

from bot.games.apocrypha.cards import CardBook, load_book
from bot.games.apocrypha.rules import Apocrypha


@pytest.fixture(scope="session")
def book() -> CardBook:
    return load_book(FIXTURES)


@pytest.fixture
def rules(book: CardBook) -> Apocrypha:
    return Apocrypha(book=book)
