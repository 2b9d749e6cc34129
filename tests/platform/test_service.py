"""The session service on a real store: lobby, play, concurrency, restarts, sweeps."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from pydantic import BaseModel

from bot.engine.errors import GameError
from bot.engine.seats import GUIDE
from bot.games.highcard import RULES
from bot.service import Result, SessionService, StaleClick, actor_of, moment
from bot.store import GameSession, PlayerRecord, StaleWrite, Status, Store

HOST, BEA, CAL, DEE = 101, 202, 303, 404
CHANNEL = 9001


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


class Recorder:
    def __init__(self) -> None:
        self.results: list[Result] = []

    async def publish(self, result: Result) -> None:
        self.results.append(result)


def make_service(store: Store, clock: Clock | None = None) -> SessionService:
    return SessionService(
        store, {"highcard": RULES}, publisher=Recorder(), clock=clock or Clock(), seed_source=lambda: 1234
    )


async def open_game(service: SessionService, players: tuple[int, ...] = (BEA,)) -> int:
    result = await service.new(guild_id=1, channel_id=CHANNEL, game="highcard", host_id=HOST)
    sid = result.session.id
    assert sid is not None
    for p in players:
        await service.join(sid, p)
    return sid


async def test_lobby_join_leave_start(store: Store) -> None:
    service = make_service(store)
    sid = await open_game(service, (BEA, CAL))
    with pytest.raises(GameError, match="already in this game"):
        await service.join(sid, BEA)
    await service.leave(sid, CAL)
    with pytest.raises(GameError, match="not in this game"):
        await service.leave(sid, CAL)
    with pytest.raises(GameError, match="Only the host"):
        await service.start(sid, BEA)
    result = await service.start(sid, HOST)
    row = result.session
    assert row.status == Status.RUNNING.value and row.seats == [HOST, BEA]
    assert row.waiting.keys() == {"0"} and result.newly_waiting == [0]
    with pytest.raises(GameError, match="already started"):
        await service.join(sid, DEE)


async def test_one_game_per_channel_names_the_running_one(store: Store) -> None:
    service = make_service(store)
    await open_game(service)
    with pytest.raises(GameError, match="already has a High Card game \\(lobby\\)"):
        await service.new(guild_id=1, channel_id=CHANNEL, game="highcard", host_id=DEE)
    # Another channel is fine.
    await service.new(guild_id=1, channel_id=CHANNEL + 1, game="highcard", host_id=DEE)


async def test_unknown_game_and_table_full(store: Store) -> None:
    service = make_service(store)
    with pytest.raises(GameError, match="no game called"):
        await service.new(guild_id=1, channel_id=CHANNEL, game="chess", host_id=HOST)
    sid = await open_game(service, (2, 3, 4, 5, 6))
    with pytest.raises(GameError, match="table is full"):
        await service.join(sid, 7)
    with pytest.raises(GameError, match="has no guide role"):
        await service.join(sid, 8, role="guide")


async def test_host_leaving_passes_the_chair_and_empty_lobby_closes(store: Store) -> None:
    service = make_service(store)
    sid = await open_game(service)
    row = (await service.leave(sid, HOST)).session
    assert row.host_id == BEA
    row = (await service.leave(sid, BEA)).session
    assert row.status == Status.ABANDONED.value
    # The channel is free again.
    await service.new(guild_id=1, channel_id=CHANNEL, game="highcard", host_id=DEE)


async def test_play_to_the_end_and_refusals_change_nothing(store: Store) -> None:
    service = make_service(store)
    sid = await open_game(service)
    await service.start(sid, HOST)
    before = await service.session(sid)
    for user, command, message in [
        (BEA, {"type": "reveal"}, "not your turn"),
        (DEE, {"type": "reveal"}, "not playing"),
        (HOST, {"type": "dance"}, "not one this game knows"),
    ]:
        with pytest.raises(GameError, match=message):
            await service.act(sid, user, command)
    after = await service.session(sid)
    assert after.version == before.version and after.state == before.state
    swapped = await service.act(sid, HOST, {"type": "swap"})
    # Still the host's turn: nobody is mentioned again, not even the host who just acted.
    assert swapped.newly_waiting == [] and swapped.actor == 0 and swapped.session.waiting.keys() == {"0"}
    with pytest.raises(GameError, match="already swapped"):
        await service.act(sid, HOST, {"type": "swap"})
    await service.act(sid, HOST, {"type": "reveal"})
    result = await service.act(sid, BEA, {"type": "reveal"})
    assert result.session.status == Status.FINISHED.value and "won with" in (result.session.result or "")
    assert result.session.waiting == {}
    # The seed and the moves replay the same game.
    assert len(result.session.moves) == 3 and service.replay(result.session) == result.session.state
    with pytest.raises(GameError, match="ended"):
        await service.act(sid, BEA, {"type": "reveal"})


async def test_end_needs_host_or_manager(store: Store) -> None:
    service = make_service(store)
    sid = await open_game(service)
    with pytest.raises(GameError, match="Only the host or someone with Manage Channels"):
        await service.end(sid, BEA)
    await service.end(sid, BEA, can_manage=True)
    with pytest.raises(GameError, match="already ended"):
        await service.end(sid, HOST)


async def test_two_clicks_at_once_one_wins_nothing_doubled(store: Store) -> None:
    service = make_service(store)
    sid = await open_game(service)
    await service.start(sid, HOST)
    outcomes = await asyncio.gather(
        service.act(sid, HOST, {"type": "reveal"}),
        service.act(sid, HOST, {"type": "reveal"}),
        return_exceptions=True,
    )
    errors = [o for o in outcomes if isinstance(o, GameError)]
    assert len(errors) == 1 and "not your turn" in errors[0].message
    row = await service.session(sid)
    assert list(row.state["public"]["revealed"]) == ["0"] and row.version == 3  # new, join, start, one reveal


async def test_a_double_click_is_applied_once_and_named(store: Store) -> None:
    service = make_service(store)
    sid = await open_game(service)
    await service.start(sid, HOST)
    at = moment(await service.session(sid))
    outcomes = await asyncio.gather(
        service.act(sid, HOST, {"type": "reveal"}, moment=at),
        service.act(sid, HOST, {"type": "reveal"}, moment=at),
        return_exceptions=True,
    )
    [error] = [o for o in outcomes if isinstance(o, GameError)]
    assert isinstance(error, StaleClick) and "already did that" in error.message
    assert len((await service.session(sid)).moves) == 1


async def test_stale_clicks_follow_the_moves_since_the_panel(store: Store) -> None:
    """A seat's own move since the panel refuses its old buttons; others' moves do not, if still legal."""
    service = make_service(store)
    sid = await open_game(service, (BEA, CAL))
    await service.start(sid, HOST)
    await service.act(sid, HOST, {"type": "swap"}, moment=0)
    # The host's panel from moment 0 also had Reveal: the host acted since, so it is refused.
    with pytest.raises(StaleClick, match="acted since that panel was drawn"):
        await service.act(sid, HOST, {"type": "reveal"}, moment=0)
    with pytest.raises(StaleClick, match="does not belong"):
        await service.act(sid, HOST, {"type": "reveal"}, moment=5)
    await service.act(sid, HOST, {"type": "reveal"}, moment=1)
    # Carol's click from moment 0: only the host moved since, but it is Bea's turn, not hers.
    with pytest.raises(StaleClick, match="moved on since that panel was drawn. .*not your turn"):
        await service.act(sid, CAL, {"type": "reveal"}, moment=0)
    # Bea's table button from moment 0: only the host moved since and Reveal is still hers to do.
    await service.act(sid, BEA, {"type": "reveal"}, moment=0)
    row = await service.session(sid)
    assert [m["seat"] for m in row.moves] == [0, 0, 1] and service.replay(row) == row.state
    # A typed command has no moment and is checked only by the rules.
    with pytest.raises(GameError, match="not your turn"):
        await service.act(sid, HOST, {"type": "reveal"})


async def test_two_processes_racing_never_overwrite(store: Store) -> None:
    # Two bot processes share the database but not their locks or their row caches.
    other = Store(store.url)
    try:
        await other.init()
        a, b = make_service(store), make_service(other)
        sid = await open_game(a)
        await a.start(sid, HOST)
        outcomes = await asyncio.gather(
            a.act(sid, HOST, {"type": "reveal"}), b.act(sid, HOST, {"type": "reveal"}), return_exceptions=True
        )
        assert sum(isinstance(o, Result) for o in outcomes) == 1
        assert all(isinstance(o, (Result, GameError)) for o in outcomes)
        row = await a.session(sid)
        assert list(row.state["public"]["revealed"]) == ["0"]
        # The loser's cache was stale; its next action reloads and is judged on the real state.
        with pytest.raises(GameError, match="not your turn"):
            await (a if isinstance(outcomes[1], Result) else b).act(sid, HOST, {"type": "reveal"})
    finally:
        await other.close()  # its own connections, else garbage-collected open in a later test


async def test_stale_save_is_refused_by_the_store(store: Store) -> None:
    service = make_service(store)
    sid = await open_game(service)
    first, second = await store.get(sid), await store.get(sid)
    assert first and second
    first.seats = [HOST, 5]
    await store.save(first)
    second.seats = [HOST, 6]
    with pytest.raises(StaleWrite):
        await store.save(second)
    assert (await store.get(sid)).seats == [HOST, 5]  # type: ignore[union-attr]


async def test_restart_resumes_from_the_store(store: Store) -> None:
    sid = await open_game(make_service(store))
    await make_service(store).start(sid, HOST)
    # A brand-new service (the bot restarted) carries on the same game.
    fresh = make_service(store)
    await fresh.act(sid, HOST, {"type": "reveal"})
    assert (await fresh.session(sid)).state["public"]["turn"] == 1


async def test_sweep_abandons_idle_and_times_out_slow_players(store: Store) -> None:
    clock = Clock()
    service = make_service(store, clock)
    sid = await open_game(service)
    await service.start(sid, HOST)
    clock.now += timedelta(minutes=5)
    assert await service.sweep() == []
    clock.now += timedelta(minutes=6)
    [result] = await service.sweep()
    assert result.events[0].kind == "timeout" and "did not answer within 10 minutes" in result.events[0].text
    row = await service.session(sid)
    assert row.state["public"]["turn"] == 1 and "0" in row.state["public"]["revealed"]
    # Idle for a week: abandoned (the store's updated_at is real time, so use a far-future clock).
    clock.now = datetime.now(UTC) + timedelta(days=8)
    [idle] = await service.sweep()
    assert idle.session.status == Status.ABANDONED.value


async def test_views_hide_other_hands(store: Store) -> None:
    service = make_service(store)
    sid = await open_game(service)
    await service.start(sid, HOST)
    row = await service.session(sid)
    host_view, bea_view, stranger = (
        service.view_for(row, HOST),
        service.view_for(row, BEA),
        service.view_for(row, DEE),
    )
    assert host_view["private"]["card"] == row.state["players"]["0"]["card"]
    assert bea_view["private"]["card"] == row.state["players"]["1"]["card"]
    assert "private" not in stranger and "secret" not in stranger
    assert actor_of(row, DEE) is None and actor_of(row, BEA) == 1


async def test_guide_role_maps_to_the_guide_seat() -> None:
    row = GameSession(channel_id=1, game="x", host_id=1, seats=[5, 6], roles={"guide": 7})
    assert actor_of(row, 7) == GUIDE and actor_of(row, 6) == 1


async def test_dm_closed_and_table_bookkeeping(store: Store) -> None:
    service = make_service(store)
    sid = await open_game(service)
    assert await service.mark_dm_closed(sid, BEA) is True
    assert await service.mark_dm_closed(sid, BEA) is False
    await service.set_table(sid, 55, 66)
    row = await service.session(sid)
    assert row.dm_closed == [BEA] and (row.table_channel_id, row.table_message_id) == (55, 66)


async def test_records_update_with_version_check(store: Store) -> None:
    service = make_service(store)

    def create(current: PlayerRecord | None) -> PlayerRecord:
        assert current is None
        return PlayerRecord(
            guild_id=1, user_id=BEA, game="apocrypha", kind="saint", name="Frank", data={"deaths": 0}
        )

    await service.update_record(1, BEA, "apocrypha", "saint", "Frank", create)

    def die(current: PlayerRecord | None) -> PlayerRecord:
        assert current is not None
        current.data = {"deaths": current.data["deaths"] + 1}
        return current

    await service.update_record(1, BEA, "apocrypha", "saint", "Frank", die)
    [saint] = await store.list_records(1, BEA, "apocrypha", "saint")
    assert saint.data == {"deaths": 1} and saint.version == 1
    await service.update_record(1, BEA, "apocrypha", "saint", "Frank", lambda current: None)
    assert await store.list_records(1, BEA, "apocrypha", "saint") == []


async def test_lobby_options_change_until_the_start(store: Store) -> None:
    service = SessionService(
        store, {"highcard": RULES, "opts": OptionRules()}, publisher=Recorder(), clock=Clock()
    )
    sid = (await service.new(guild_id=1, channel_id=CHANNEL, game="opts", host_id=HOST)).session.id
    assert sid is not None
    row = (await service.update_options(sid, lambda r: {**r.options, "decks": {str(HOST): "light"}})).session
    assert row.options == {"decks": {str(HOST): "light"}}
    with pytest.raises(GameError, match="do not fit"):
        await service.update_options(sid, lambda r: {"decks": "not a mapping"})
    assert (await service.session(sid)).options == {"decks": {str(HOST): "light"}}
    await service.start(sid, HOST)
    with pytest.raises(GameError, match="already started"):
        await service.update_options(sid, lambda r: {})


class DeckOptions(BaseModel):
    decks: dict[str, str] = {}


class OptionRules(type(RULES)):  # type: ignore[misc]
    key = "opts"
    Options = DeckOptions


async def test_names_are_kept_at_join_for_labels_and_dms(store: Store) -> None:
    from cogs.common.text import name_seats, seat_name

    service = make_service(store)
    made = await service.new(guild_id=1, channel_id=CHANNEL, game="highcard", host_id=HOST, host_name="Hosta")
    sid = made.session.id
    assert sid is not None
    await service.join(sid, BEA, name="Bea")
    await service.join(sid, CAL)  # joined without a name (an old client path): numbered instead
    row = (await service.start(sid, HOST)).session
    assert row.names == {str(HOST): "Hosta", str(BEA): "Bea"}
    assert [seat_name(row, s) for s in range(3)] == ["Hosta", "Bea", "Player 3"]
    assert name_seats("@{1} offers to assist @{0}.", lambda s: seat_name(row, s)) == "Bea offers to assist Hosta."
    fresh = await store.get(sid, fresh=True)
    assert fresh is not None and fresh.names == row.names
