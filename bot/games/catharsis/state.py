"""Catharsis state: the party, the foes, Morale, and what the game is waiting on."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel

from bot.engine.state import GameState, Part


class Phase(StrEnum):
    ROLES = "roles"  # each player picks a role
    BETWEEN = "between"  # between Boss deck cards
    SPECIAL = "special"  # a Special is on offer
    ATTACK = "attack"  # the players' attack phase
    RECOVER = "recover"  # a fight was won: each hero refreshes up to 2 powers
    OVER = "over"


class Die(BaseModel):
    value: int  # 1-6, or 0 for a wild die
    used: bool = False


class Slot(BaseModel):
    card: str
    ready: bool = True
    used: bool = False  # used this round (top or bottom); matters for powers that do not exhaust
    face: int = 0  # Aiden: the song's level, 0-3 for Levels I-IV
    number: int = 0  # Dimirith: the number 1-6 his board gives this place; `#` costs need a die showing it


class Aside(BaseModel):
    """Artrial's set-aside power, baking: Preparation counters make it stronger when it is served."""

    card: str
    prep: int = 0


class Hero(BaseModel):
    seat: int
    role: str
    board: list[Slot] = []
    flipped: bool = False
    dead: bool = False
    dice: list[Die] = []
    rolls: int = 0  # 0 not rolled this round, 1 rolled, 2-3 after rerolls
    done: bool = False
    dice_lost: int = 0  # dice lost for good (Random Morale table 3)
    counters: dict[str, int] = {}  # phantom, fury, spore, burn, store
    pools: dict[int, int] = {}  # Hidorian's die pools by value
    storing: list[int] = []  # dice put on Store abilities this round
    shield: int = 0  # damage prevented for this hero this round
    passive_used: bool = False
    combo_paid: dict[int, list[int]] = {}  # slot -> alternatives already paid this round
    strikes: int = 0  # damage abilities activated this round (Tenzin's Flip)
    deck_count: int = 0
    discards: list[str] = []
    aside: list[Aside] = []  # Artrial: powers set aside, off the board (they are not health)
    returned: list[str] = []  # cards put under the deck in view of everyone (Fizzleboom & Burrr, Briggs)
    essences: list[str] = []  # Liara: the powers she holds face up, ready to bind onto Briggs's board

    @property
    def health(self) -> int:
        return sum(2 if s.ready else 1 for s in self.board)

    def unused(self) -> list[int]:
        return [i for i, d in enumerate(self.dice) if not d.used]


class Foe(BaseModel):
    card: str
    name: str
    health: int
    max_health: int
    boss: bool = False
    spores: int = 0
    growth: int = 0
    reduced: bool = False  # Maladaum's Passive already blunted this foe's attack this round
    cornered: bool = False  # a fleeing Boss with no card left to hide in fights with everything
    frenzy: bool = False  # a King whose guard can rise no more

    @property
    def alive(self) -> bool:
        return self.health > 0


class Duo(BaseModel):
    """A duo power shared by two heroes: seats[0] pays its top, seats[1] its bottom (duo.py)."""

    card: str = ""  # chosen once both partners have picked their roles
    seats: list[int]
    ready: bool = True
    gone: bool = False  # discarded for good
    paid: list[str] = []  # halves used this round


class Packet(BaseModel):
    """Damage or a forced discard waiting for a hero to take it."""

    mode: str  # "player" (one hero takes all they can), "party" (split), "seat" (fixed), "discard"
    amount: int
    seat: int | None = None  # the fixed hero for "seat" and "discard"
    source: int | None = None  # the foe that dealt it (for Jaden's Passive)
    only: str = "any"  # for discards: "any", "ready" or "exhausted"
    label: str = ""


class Vote(BaseModel):
    kind: str  # refresh, choice, devil, target
    question: str
    options: list[str]
    votes: dict[int, int] = {}
    data: dict[str, int | str] = {}


class Public(Part):
    phase: Phase = Phase.ROLES
    difficulty: str = "adventurers"
    deck: str = "corrupted-horse"
    random_morale: bool = False
    new_horrors: bool = False
    devils_luck: bool = False
    party_size: int = 1
    host: int = 0
    morale: int = 21
    start_morale: int = 21
    tier: int = 0  # index into morale.TIERS; only ever grows
    round: int = 0
    heroes: list[Hero] = []
    foes: list[Foe] = []
    card: str | None = None  # the Boss deck card being resolved
    deck_left: int = 0
    revealed: list[str] = []
    set_aside: list[str] = []  # Horrific Mass traps left to linger; King's Guard traps feeding the guard
    growth_bank: int = 0  # Growth counters waiting for the Horrific Mass
    duos: list[Duo] = []  # the duo powers variant
    merged: int = 0  # Godmind: powers passed between boards so far
    recurred: list[str] = []  # Verminologist cards already shuffled back once
    quarry: int | None = None  # the Demon-eyed Sniper's health, carried from one sighting to the next
    summoned: int = 0  # the Summoner: lesser bosses summoned so far (the next comes from his sequence)
    bound: list[str] = []  # the Summoner: summons beaten, which he may call back in the last fight
    recalls: int = 0  # the Summoner: summons called back so far
    chant: int = 0  # the Priest of the Unknown: steps of the chant so far
    saved: int = 0  # the Priest of the Unknown: villagers led to safety
    left: int = 0  # the Priest of the Unknown: villagers left behind
    power: int = 0  # the Avatar: Power gathered, one per Boss deck card revealed
    realm: str = ""  # the Avatar: the realm the party is crossing
    packets: list[Packet] = []
    vote: Vote | None = None
    pending_tiers: list[int] = []  # thresholds reached, effects not yet resolved
    rolled: dict[str, list[int]] = {}  # Random Morale results already rolled, per table
    morale_shield: int = 0
    bonus_damage: int = 0  # Unmei's Flip: extra damage per hit this round
    assisted: bool = False  # Assisted Strike: the next power this round dealing 3 or less deals double
    no_reroll: bool = False
    fewer_dice: int = 0
    foe_first: bool = False
    next_no_reroll: bool = False
    next_fewer_dice: int = 0
    next_foe_first: bool = False
    refresh_cost: int = 1
    half_damage: bool = False
    fragile: int | None = None  # takes 1 more damage from every source
    weakened: int | None = None  # numbers on this hero's powers count as 1
    after: str = ""  # where play resumes once packets and votes are settled
    claims_passed: list[int] = []
    recovered: list[int] = []
    winner: bool | None = None
    log: list[str] = []


class Secret(Part):
    boss_deck: list[str] = []
    decks: dict[int, list[str]] = {}


class Private(Part):
    """Catharsis has no hidden hands: boards are public, draw decks are secret.

    A player's panel shows the shared table (dice to adjust, votes, foes), so the
    cog sets `panels_follow_table` and every panel is redrawn after every change.
    """


class CatharsisState(GameState):
    public: Public
    secret: Secret
    players: dict[int, Private]

    def hero(self, seat: int) -> Hero:
        return self.public.heroes[seat]
