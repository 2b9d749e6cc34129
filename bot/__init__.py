"""Tabletop GM: a Discord bot that is the game master for tabletop games."""
