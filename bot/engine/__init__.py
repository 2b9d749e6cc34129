"""Shared kit for the pure rules engines: PRNG, errors, events, seats, views, card loading.

Nothing under bot/engine or bot/games imports discord, touches the database,
reads the clock or the network: a test enforces it.
"""
