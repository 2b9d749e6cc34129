"""The balance simulator: whole games on the pure engines, played by seeded policies.

    python -m bot.sim <game> [--players N] [--games N] [--policy random|greedy|...]
                             [--seed S] [--jobs J] [--json FILE] [--opt key=value ...]

Before any game, the options are checked once (`runner.check`): an option the game does not
have, or one its setup refuses (a mission or Boss id that is not in the box), ends the run with
one plain line that says so. No Discord and no database: the runner calls `Rules.setup`, then loops on `waiting_for`,
`legal_actions` and `apply` until `result` is not None, with one policy choosing every
decision. Games run in parallel across cores (multiprocessing); game i uses seed S + i, so a
figure and any failure reproduce from the command line.

Adding a game (or a policy) means writing one module, `bot/sim/games/<game>.py`, that defines

    ADAPTER = Adapter(
        game="<key>",                 # the registry key of the rules engine
        coop=False,                   # True: the table wins or loses together
        report=report,                # finished state -> Report (see bot.sim.adapter.Report)
        policies={"greedy": greedy},  # name -> Policy; "random" is added for every game
        options=options,              # optional: (--opt dict, players, game index) -> Options data
        roles=roles,                  # optional: --opt dict -> roles filled, e.g. {"guide": True}
        labels=labels,                # optional: like options, but -> a label per seat (a deck name)
        first=first,                  # optional: state after setup -> the seat that moves first
        next_seat=next_seat,          # optional: (rules, state, waiting_for) -> the seat to ask next
        max_decisions=20000,          # optional: a game still running after this many is "stuck"
    )

and adding `"<game>"` to `bot.sim.games.GAMES`. A Policy is
`policy(state, seat, actions, rng) -> command`: `actions` is `legal_actions(state, seat)`
(never empty), `rng` is an engine `Rng` owned by the runner and seeded from the game's seed,
so a policy must draw its randomness from it (never `random`) to keep games reproducible.
A policy must return one of `actions`. `Report` says who won (`winners` for competitive games,
`won` for co-op ones), how the game ended (`ending`, a short category such as "masquerade 0"),
and its length in turns (`turns`), and yes/no facts to count (`flags`, e.g. "veil lifted").

`docs/balance.md` has the current figures for every game and the commands that reproduce them.
"""
