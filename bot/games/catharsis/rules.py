"""Catharsis: a party of heroes fights down a Boss deck to the Boss at its bottom."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.game import Outcome, Rules
from bot.engine.prng import Rng
from bot.engine.seats import Seat, seat_ref
from bot.engine.text import plural
from bot.games.catharsis import commands as c
from bot.games.catharsis import companions, duo, priest, quarry
from bot.games.catharsis.aside import serve, set_aside
from bot.games.catharsis.bossdeck import build_deck, claim_special, resolve_choice, reveal_next
from bot.games.catharsis.cards import LEVELS, Ability, content
from bot.games.catharsis.choices import is_shield
from bot.games.catharsis.combat import (
    fight_over,
    foe_attack,
    hero_hit,
    living_foes,
    round_end,
    run_blocks,
    start_round,
)
from bot.games.catharsis.costs import (
    describe_cost,
    first_payment,
    parse_cost,
    paying_alternative,
    pool_alternative,
    with_number,
)
from bot.games.catharsis.damage import (
    can_take,
    discard_power,
    lose_morale,
    refresh_all,
    replace_power,
    take,
)
from bot.games.catharsis.effects import BOOK, Ctx, printed_damage
from bot.games.catharsis.morale import (
    DIFFICULTIES,
    SCHEDULE,
    STANDARD,
    TABLE_TEXT,
    TABLES,
    THRESHOLDS,
    tier_name,
    tier_of_threshold,
    toll_text,
)
from bot.games.catharsis.roles import COMBAT_ONLY, bottom_open, bottom_refusal, use_role
from bot.games.catharsis.state import CatharsisState, Die, Duo, Hero, Phase, Private, Public, Secret, Slot
from bot.games.catharsis.votes import cast, open_vote, outcome, voters

DICE = 6
BOARD = 6


class Options(BaseModel):
    difficulty: Literal["new-questors", "adventurers", "veterans", "last-ditch"] = "adventurers"
    boss: str = "corrupted-horse"
    random_morale: bool = False
    new_horrors: bool = False
    devils_luck: bool = False
    duos: list[list[int]] = []  # the duo powers variant: pairs of seats who agreed to share one
    duo_asks: dict[str, int] = {}  # the lobby's requests (user -> partner), turned into `duos` at Start


class Catharsis(Rules[CatharsisState]):
    key = "catharsis"
    title = "Catharsis"
    min_players = 1
    max_players = 6  # the Summoner's challenge deck; every other deck seats at most 4 (most_players)
    players_text = "1–4 players (up to 6 against the Summoner)"
    Options = Options
    State = CatharsisState
    Command = c.Command

    def most_players(self, options: BaseModel) -> int:
        deck = content().decks.get(getattr(options, "boss", ""))
        return deck.most_players if deck is not None else 4

    # -- setup --------------------------------------------------------------------------
    def setup(
        self, options: BaseModel, players: int, seed: int, roles: dict[str, bool]
    ) -> Outcome[CatharsisState]:
        assert isinstance(options, Options)
        if options.boss not in content().decks:
            raise GameError(f"There is no Boss deck called {options.boss}.")
        duo.check_pairs(options.duos, players)
        if players > self.most_players(options):
            deck = content().decks[options.boss]
            raise GameError(f"{deck.name.capitalize()} takes at most {deck.most_players} heroes.")
        rng = Rng.from_seed(seed)
        morale = DIFFICULTIES[options.difficulty]
        pub = Public(
            difficulty=options.difficulty,
            deck=options.boss,
            random_morale=options.random_morale,
            new_horrors=options.new_horrors,
            devils_luck=options.devils_luck,
            party_size=players,
            morale=morale,
            start_morale=morale,
            heroes=[Hero(seat=s, role="") for s in range(players)],
            duos=[Duo(seats=list(pair)) for pair in options.duos],
        )
        secret = Secret(boss_deck=build_deck(options.boss, rng))
        pub.deck_left = len(secret.boss_deck)
        state = CatharsisState(
            rng=rng, public=pub, secret=secret, players={s: Private() for s in range(players)}
        )
        deck = content().decks[options.boss]
        text = f"The party sets out against {deck.name} with {morale} Morale. Each player picks a role."
        return Outcome(state, [Event.public("start", text)])

    def _begin(self, state: CatharsisState, events: list[Event]) -> None:
        pub = state.public
        for h in pub.heroes:
            deck = [p.id for p in content().role_powers(h.role)]
            state.rng.shuffle(deck)
            numbered = content().roles[h.role].numbered  # Dimirith numbers his places 1-6
            h.board = [Slot(card=card, number=i + 1 if numbered else 0) for i, card in enumerate(deck[:BOARD])]
            state.secret.decks[h.seat] = deck[BOARD:]
            h.deck_count = len(deck) - BOARD
            if companions.is_pair(h):  # Liara takes her essences from the rest
                companions.deal(state, h)
            if h.role == "hidorian":
                h.pools = {v: 1 for v in range(1, 7)}
        duo.begin(state, events)  # each partner gives back a power to make room for the shared one
        for t in THRESHOLDS:  # Last ditch effort starts below Winded and suffers it at once
            if pub.morale <= t:
                pub.tier = tier_of_threshold(t)
                pub.pending_tiers.append(t)
        events.append(Event.public("begin", "Boards are dealt. The hunt begins."))
        pub.phase = Phase.BETWEEN
        pub.after = "reveal"

    # -- commands -----------------------------------------------------------------------
    def handle(self, state: CatharsisState, actor: Seat, command: Any) -> list[Event]:
        pub = state.public
        if actor not in state.players:
            raise GameError("You are not playing in this game.")
        events: list[Event] = []
        hero = pub.heroes[actor]
        if pub.phase is Phase.ROLES:
            if not isinstance(command, c.ChooseRole):
                raise GameError("Everyone picks a role first.")
            self._choose_role(state, hero, command.role, events)
        elif hero.dead:
            raise GameError("Your hero has fallen; you can only cheer the party on now.")
        elif pub.packets:
            self._during_damage(state, hero, command, events)
        elif pub.vote is not None:
            if not isinstance(command, c.CastVote):
                raise GameError(f"The party is voting first: {pub.vote.question}")
            self._vote(state, actor, command.option, events)
        elif isinstance(command, c.Passive) and hero.role == "hidorian" and pub.phase is not Phase.ATTACK:
            self._role(state, hero, command, "passive", events)
        elif pub.phase is Phase.ATTACK:
            self._attack_phase(state, hero, command, events)
        elif pub.phase is Phase.RECOVER and isinstance(command, c.Recover):
            self._recover(state, hero, command.slots, events)
        elif pub.phase is Phase.SPECIAL and isinstance(command, (c.Claim, c.Pass)):
            self._special(state, hero, command, events)
        else:
            raise GameError("That is not something you can do right now.")
        self._advance(state, events)
        return events

    def _choose_role(self, state: CatharsisState, hero: Hero, role: str, events: list[Event]) -> None:
        if hero.role:
            raise GameError("You have already picked your role.")
        if role not in content().roles:
            raise GameError("There is no such role.")
        if any(h.role == role for h in state.public.heroes):
            raise GameError("Another player already has that role.")
        hero.role = role
        r = content().roles[role]
        events.append(Event.public("role", f"{seat_ref(hero.seat)} plays {r.name}, {r.title}."))
        if all(h.role for h in state.public.heroes):
            self._begin(state, events)

    def _during_damage(self, state: CatharsisState, hero: Hero, command: Any, events: list[Event]) -> None:
        if isinstance(command, c.Activate) and hero.role == "maladaum":
            card = hero.board[command.slot].card if 0 <= command.slot < len(hero.board) else ""
            ab = content().ability(card, command.half) if card else None
            if ab is None or not is_shield(ab):
                raise GameError("Only Maladaum's free shielding powers work while damage is being taken.")
            self._activate(state, hero, command, events)
            return
        if not isinstance(command, c.Take):
            raise GameError("Damage is waiting to be taken first.")
        if not can_take(state, hero.seat, command.packet):
            raise GameError("That damage is not yours to take.")
        take(state, hero, command.packet, command.points, command.slots, events)

    def _vote(self, state: CatharsisState, seat: int, option: int, events: list[Event]) -> None:
        vote = state.public.vote
        assert vote is not None
        if not cast(state, seat, option):
            return
        choice = outcome(state, vote)
        state.public.vote = None
        events.append(Event.public("vote", f"The party decides: {vote.options[choice]}."))
        kind = vote.kind
        if kind == "refresh":
            if choice == 1:
                refresh_all(state)
                events.append(Event.public("refresh", "Every power and Role card is refreshed."))
                lose_morale(state, state.public.refresh_cost, events)
            state.public.after = str(vote.data["next"])
        elif kind == "choice":
            resolve_choice(state, str(vote.data["card"]), choice, events)
        elif kind == "devil":
            table, result = int(vote.data["table"]), int(vote.data["result"])
            if choice == 0:
                self._table_effect(state, table, result, events)
            else:
                lose_morale(state, 1, events)
                if state.public.morale > 0:
                    self._roll_table(state, table, events)
        elif kind == "target":
            seats = [int(s) for s in str(vote.data["seats"]).split(",")]
            setattr(state.public, str(vote.data["what"]), seats[choice])

    # -- the attack phase ---------------------------------------------------------------
    def _attack_phase(self, state: CatharsisState, hero: Hero, command: Any, events: list[Event]) -> None:
        if hero.done:
            raise GameError("You already said you are done this round.")
        pub = state.public
        if companions.is_pair(hero) and isinstance(command, (c.Bind, c.Passive, c.Flip)):
            companions.handle(state, hero, command, events)
        elif isinstance(command, c.Roll):
            if hero.rolls:
                raise GameError("You have already rolled this round; reroll instead.")
            count = companions.dice_count(hero, max(0, DICE - hero.dice_lost - pub.fewer_dice))
            hero.dice = [Die(value=v) for v in state.rng.dice(count)]
            hero.rolls = 1
            events.append(Event.public("roll", f"{seat_ref(hero.seat)} rolls {_dice_text(hero)}."))
        elif isinstance(command, c.Reroll):
            self._reroll(state, hero, command.dice, events)
        elif isinstance(command, c.Activate):
            self._activate(state, hero, command, events)
        elif isinstance(command, c.DuoUse):
            duo.use(state, hero, command, events)
        elif isinstance(command, c.SetAside):
            set_aside(state, hero, command, events)
        elif isinstance(command, c.Serve):
            serve(state, hero, command, events)
        elif isinstance(command, c.Passive):
            self._role(state, hero, command, "passive", events)
        elif isinstance(command, c.Flip):
            self._role(state, hero, command, "flip", events)
        elif isinstance(command, c.Done):
            hero.done = True
            events.append(Event.public("done", f"{seat_ref(hero.seat)} is done for this round."))
        else:
            raise GameError("That is not something you can do during the attack phase.")

    def _reroll(self, state: CatharsisState, hero: Hero, dice: list[int], events: list[Event]) -> None:
        if hero.rolls == 0:
            raise GameError("Roll your dice first.")
        if state.public.no_reroll:
            raise GameError("Nobody may reroll this combat round.")
        if hero.rolls >= 3:
            raise GameError("You have used both of your rerolls this round.")
        if not dice or len(set(dice)) != len(dice):
            raise GameError("Pick the dice to reroll, each once.")
        for i in dice:
            if not 0 <= i < len(hero.dice) or hero.dice[i].used:
                raise GameError("You can only reroll your own unused dice.")
        for i in dice:
            hero.dice[i].value = state.rng.die()
        hero.rolls += 1
        events.append(Event.public("reroll", f"{seat_ref(hero.seat)} rerolls to {_dice_text(hero)}."))

    def _activate(self, state: CatharsisState, hero: Hero, cmd: c.Activate, events: list[Event]) -> None:
        if not 0 <= cmd.slot < len(hero.board):
            raise GameError("There is no power in that place on your board.")
        slot = hero.board[cmd.slot]
        ab = content().ability(slot.card, cmd.half, slot.face)
        name = content().card_name(slot.card)
        song, level = content().song(slot.card), slot.face
        turns = content().turns(slot.card)
        if ab is None:
            raise GameError(f"{name} has no {cmd.half} ability.")
        if not slot.ready:
            raise GameError(f"{name} is exhausted.")
        if cmd.half == "bottom" and not bottom_open(hero):
            raise GameError(bottom_refusal(hero))
        paid = hero.combo_paid.get(cmd.slot, [])
        # A power is used once a round, top or bottom; one that does not exhaust stays ready for the next.
        # Aiden's songs and Fizzleboom & Burrr's cards are the exception: each use moves the card on
        # (a level up, or turned around), so it may be used again.
        if not (song or turns) and ((paid and not ab.combo) or (slot.used and not paid)):
            raise GameError(f"{name} has already been used this round.")
        cost = with_number(ab.cost, slot.number)
        if ab.pool:
            if cmd.dice:
                raise GameError("Retrieve abilities are paid from your pools, not your rolled dice.")
            if hero.flipped:
                raise GameError("While your Role card is flipped you cannot retrieve from your pools.")
            alt = pool_alternative(cost, hero.pools)
            if alt is None:
                raise GameError(f"Your pools cannot pay {describe_cost(cost)}.")
            values = list(parse_cost(cost)[alt].fixed)
            for v in values:
                hero.pools[v] -= 1
        else:
            if len(set(cmd.dice)) != len(cmd.dice):
                raise GameError("Use each die only once.")
            for i in cmd.dice:
                if not 0 <= i < len(hero.dice) or hero.dice[i].used:
                    raise GameError("You can only use your own unused dice.")
            companions.check_own_dice(hero, cmd.dice)
            values = [hero.dice[i].value for i in cmd.dice]
            allowed = {i for i in range(len(parse_cost(cost))) if i not in paid} if ab.combo else None
            alt = paying_alternative(cost, values, allowed)
            if alt is None:
                raise GameError(f"Those dice do not pay {describe_cost(cost)} for {name}.")
            for i in cmd.dice:
                hero.dice[i].used = True
        ctx = Ctx(state=state, events=events, hero=hero, params=cmd, slot=cmd.slot)
        if state.public.assisted and 0 < printed_damage(ab.do) <= 3:
            state.public.assisted, ctx.doubled = False, True
            ctx.notes.append("doubled by Assisted Strike")
        pair = companions.is_pair(hero)
        BOOK.run(ctx, companions.boosted(hero, ab.do) if pair and cmd.boost else ab.do)
        if cmd.boost and not pair:
            if not ab.boost:
                raise GameError(f"{name} has nothing to gain from a Spore counter.")
            hero.counters["spore"] = hero.counters.get("spore", 0) + 1
            BOOK.run(ctx, ab.boost)
        if ab.store:
            hero.storing.extend(values)
        if song:  # the next verse; a finished song (Level IV) loses its magic and is discarded
            if slot.face >= 3:
                ctx.discard_self = True
            else:
                slot.face += 1
        elif turns:  # Fizzleboom & Burrr: the card turns around, offering its other two abilities
            slot.face = 1 - slot.face
        elif ab.combo:
            hero.combo_paid[cmd.slot] = [*paid, alt]
            if len(hero.combo_paid[cmd.slot]) == len(parse_cost(cost)):
                slot.ready = False
        elif ab.exhaust:
            slot.ready = False
        else:
            slot.used = True  # it stays ready, but neither half is used again this round
        text = f"{seat_ref(hero.seat)} uses {name}"
        if song:
            text += f" at Level {LEVELS[level]}"
        if ctx.notes:
            text += ": " + "; ".join(ctx.notes)
        events.append(Event.public("power", text + "."))
        self._tenzin(state, hero, ctx)
        if ctx.replace_self:
            replace_power(state, hero, cmd.slot, events)
        elif ctx.discard_self:
            how = "ends {name} at Level IV; the finished song is discarded" if song else "sacrifices {name}"
            discard_power(state, hero, cmd.slot, events, how)
        elif pair:
            companions.hand_back(state, hero, cmd.slot, events)

    def _tenzin(self, state: CatharsisState, hero: Hero, ctx: Ctx) -> None:
        if hero.role != "tenzin":
            return
        if not hero.flipped:
            hero.counters["phantom"] = hero.counters.get("phantom", 0) + 1
        if ctx.dealt_damage:
            hero.strikes += 1
            if hero.flipped and hero.strikes % 2 == 0 and living_foes(state):
                foe = ctx.last_target if ctx.last_target in living_foes(state) else living_foes(state)[0]
                hero_hit(ctx, foe, 2)

    def _role(self, state: CatharsisState, hero: Hero, cmd: Any, which: str, events: list[Event]) -> None:
        if state.public.phase is not Phase.ATTACK and (which == "flip" or hero.role in COMBAT_ONLY):
            raise GameError("That role ability works only during combat.")
        ctx = Ctx(state=state, events=events, hero=hero, params=cmd)
        use_role(ctx, which)
        role = content().roles[hero.role]
        text = (
            f"{seat_ref(hero.seat)} " + ("flips " if which == "flip" else "uses the Passive of ") + role.name
        )
        events.append(Event.public(which, text + (": " + "; ".join(ctx.notes) if ctx.notes else "") + "."))

    # -- after a fight, specials --------------------------------------------------------
    def _recover(self, state: CatharsisState, hero: Hero, slots: list[int], events: list[Event]) -> None:
        pub = state.public
        if hero.seat in pub.recovered:
            raise GameError("You have already refreshed after this fight.")
        if len(slots) > 2 or len(set(slots)) != len(slots):
            raise GameError("Pick up to 2 different exhausted powers.")
        for i in slots:
            if not 0 <= i < len(hero.board) or hero.board[i].ready:
                raise GameError("Pick exhausted powers on your board.")
        for i in slots:
            hero.board[i].ready = True
        pub.recovered.append(hero.seat)
        events.append(Event.public("recover", f"{seat_ref(hero.seat)} refreshes {plural(len(slots), 'power')}."))

    def _special(self, state: CatharsisState, hero: Hero, cmd: Any, events: list[Event]) -> None:
        pub = state.public
        if hero.seat in pub.claims_passed:
            raise GameError("You have already passed on this Special.")
        if isinstance(cmd, c.Pass):
            pub.claims_passed.append(hero.seat)
            events.append(Event.public("pass", f"{seat_ref(hero.seat)} passes on the Special."))
            if all(s in pub.claims_passed for s in voters(state)):
                self._between(state, events)
            return
        claim_special(state, hero, cmd.discard, events)
        self._between(state, events)

    # -- flow -----------------------------------------------------------------------------
    def _advance(self, state: CatharsisState, events: list[Event]) -> None:
        pub = state.public
        for _ in range(1000):
            if self._check_end(state, events) or pub.packets or pub.vote is not None:
                return
            if pub.pending_tiers:
                self._resolve_tier(state, pub.pending_tiers.pop(0), events)
            elif pub.phase is Phase.ATTACK and fight_over(state):
                self._fight_won(state, events)
            elif pub.phase is Phase.ATTACK and all(h.done or h.dead for h in pub.heroes):
                self._end_player_phase(state, events)
            elif pub.phase is Phase.RECOVER and all(h.dead or h.seat in pub.recovered for h in pub.heroes):
                self._between(state, events)
            elif pub.after:
                step, pub.after = pub.after, ""
                self._step(state, step, events)
            else:
                return
        raise AssertionError("the game flow did not settle")  # pragma: no cover

    def _step(self, state: CatharsisState, step: str, events: list[Event]) -> None:
        pub = state.public
        if step == "reveal":
            reveal_next(state, events)
        elif step == "between":
            self._between(state, events)
        elif step == "round_end":
            round_end(state, events)
            pub.after = "between" if quarry.flee(state, events) else "refresh_round"
        elif step == "refresh_round":
            self._offer_refresh(state, "next_round")
        elif step == "next_round":
            pub.phase = Phase.ATTACK
            start_round(state, events)

    def _check_end(self, state: CatharsisState, events: list[Event]) -> bool:
        pub = state.public
        if pub.phase is Phase.OVER:
            return True
        lost = pub.morale <= 0 or all(h.dead for h in pub.heroes if h.role) and pub.phase is not Phase.ROLES
        if lost or priest.complete(state):
            pub.phase, pub.winner = Phase.OVER, False
            pub.packets, pub.vote, pub.pending_tiers = [], None, []
            why = "Morale has run out" if pub.morale <= 0 else "every hero has fallen"
            why = why if lost else "the chant is complete and erases them"
            events.append(Event.public("lose", f"The party is defeated: {why}."))
            return True
        return False

    def _fight_won(self, state: CatharsisState, events: list[Event]) -> None:
        pub = state.public
        if any(f.boss for f in pub.foes):
            pub.phase, pub.winner = Phase.OVER, True
            events.append(Event.public("win", "The Boss falls. The party is victorious!"))
            return
        pub.phase = Phase.RECOVER
        pub.recovered = []
        duo.settle(state)
        for h in pub.heroes:
            h.counters["burn"] = 0
            if h.counters.get("spore"):
                h.counters["spore"] -= 1  # the fungus settles once the fight is over
            if h.dead or all(s.ready for s in h.board):
                pub.recovered.append(h.seat)
        events.append(Event.public("won", "The foes are beaten. Each hero may refresh up to 2 powers."))

    def _end_player_phase(self, state: CatharsisState, events: list[Event]) -> None:
        pub = state.public
        for h in pub.heroes:
            for v in h.storing:  # Hidorian's Store abilities pay into his pools now
                h.pools[v] = h.pools.get(v, 0) + 1
            h.storing = []
            for i in h.combo_paid:  # a Combo power used at all this round is spent when the round ends
                if i < len(h.board):
                    h.board[i].ready = False
            h.combo_paid = {}
        duo.settle(state)
        if not pub.foe_first:
            foe_attack(state, events)
        pub.phase = Phase.BETWEEN
        pub.after = "round_end"

    def _between(self, state: CatharsisState, events: list[Event]) -> None:
        pub = state.public
        pub.phase, pub.card, pub.foes = Phase.BETWEEN, None, []
        self._offer_refresh(state, "reveal")

    def _offer_refresh(self, state: CatharsisState, then: str) -> None:
        pub = state.public
        tired = any(h.flipped or any(not s.ready for s in h.board) for h in pub.heroes if not h.dead)
        if tired and pub.morale > pub.refresh_cost:
            cost = pub.refresh_cost
            open_vote(
                state,
                "refresh",
                f"Spend {cost} Morale to refresh every power and Role card?",
                ["Push on", f"Refresh ({cost} Morale)"],
                next=then,
            )
        else:
            pub.after = then

    # -- Morale tiers ---------------------------------------------------------------------
    def _resolve_tier(self, state: CatharsisState, threshold: int, events: list[Event]) -> None:
        pub = state.public
        name = tier_name(tier_of_threshold(threshold))
        if not pub.random_morale:
            events.append(Event.public("tier", f"{name} takes its toll: {toll_text(pub.difficulty, threshold)}."))
            run_blocks(state, STANDARD[pub.difficulty][threshold], events)
            return
        self._roll_table(state, SCHEDULE[pub.difficulty][threshold], events)

    def _roll_table(self, state: CatharsisState, table: int, events: list[Event]) -> None:
        pub = state.public
        seen = pub.rolled.setdefault(str(table), [])
        result = state.rng.randbelow(6)
        while pub.new_horrors and result in seen and len(set(seen)) < 6:
            result = state.rng.randbelow(6)
        seen.append(result)
        events.append(
            Event.public("table", f"Morale table {table} rolls {result + 1}: {TABLE_TEXT[table][result]}.")
        )
        if pub.devils_luck and pub.morale > 1:
            open_vote(
                state,
                "devil",
                "Keep this Morale effect, or spend 1 Morale to reroll it?",
                ["Keep it", "Spend 1 Morale to reroll"],
                table=table,
                result=result,
            )
        else:
            self._table_effect(state, table, result, events)

    def _table_effect(self, state: CatharsisState, table: int, result: int, events: list[Event]) -> None:
        run_blocks(state, TABLES[table][result], events)

    # -- the contract -------------------------------------------------------------------
    def legal_actions(self, state: CatharsisState, seat: Seat) -> list[Any]:
        from bot.games.catharsis.choices import legal_for

        if self.result(state) is not None or seat not in state.players:
            return []
        return legal_for(state, seat)

    def waiting_for(self, state: CatharsisState) -> list[Seat]:
        pub = state.public
        if pub.phase is Phase.OVER:
            return []
        if pub.phase is Phase.ROLES:
            return [h.seat for h in pub.heroes if not h.role]
        living = [h for h in pub.heroes if not h.dead]
        if pub.packets:
            return [
                h.seat for h in living if any(can_take(state, h.seat, i) for i in range(len(pub.packets)))
            ]
        if pub.vote is not None:
            return [h.seat for h in living if h.seat not in pub.vote.votes]
        if pub.phase is Phase.ATTACK:
            return [h.seat for h in living if not h.done]
        if pub.phase is Phase.RECOVER:
            return [h.seat for h in living if h.seat not in pub.recovered]
        if pub.phase is Phase.SPECIAL:
            return [h.seat for h in living if h.seat not in pub.claims_passed]
        return []

    def result(self, state: CatharsisState) -> str | None:
        won = state.public.winner
        if won is None:
            return None
        boss = content().encounters[content().decks[state.public.deck].boss].name
        boss = "the " + boss.removeprefix("The ")  # "The Summoner" carries his own article
        return f"The party defeated {boss}." if won else f"The party fell before {boss}."

    def timeout_command(self, state: CatharsisState, seat: Seat) -> Any | None:
        from bot.games.catharsis.choices import default_for

        return default_for(state, seat)

    def check_config(self) -> str:
        data = content()
        kinds = {k: 0 for k in ("monster", "trap", "event", "special", "boss")}
        for e in data.encounters.values():
            kinds[e.kind] += 1
        duos = len(duo.cards())  # loading them checks them (roles, effects, names)
        n = len(data.powers) + sum(kinds.values()) + duos
        parts = ", ".join(f"{k} {v}" for k, v in {**kinds, "duo": duos}.items())
        challenges = sum(1 for d in data.decks.values() if d.challenge)
        return (
            f"catharsis: {n} cards (power {len(data.powers)}, {parts}), roles {len(data.roles)}, "
            f"bosses {len(data.decks) - challenges}, challenge decks {challenges}"
        )


def _dice_text(hero: Hero) -> str:
    return companions.dice_text(hero) or " ".join("★" if d.value == 0 else str(d.value) for d in hero.dice)


def find_payment(
    hero: Hero, ab: Ability, skip: set[int] | None = None, number: int = 0
) -> list[int] | None:
    """Some set of the hero's unused dice that pays the ability (for buttons and the random player)."""
    if "#" in ab.cost and not number:
        return None  # a `#` cost on a place without a number cannot be paid
    free = {i: hero.dice[i].value for i in companions.own_free(hero)}  # Briggs pays with his dice, never Liara's
    return first_payment(with_number(ab.cost, number), free, skip)
