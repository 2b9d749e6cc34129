"""The Discord surface: one cog per game plus dice and the /game commands. No rules live here."""
