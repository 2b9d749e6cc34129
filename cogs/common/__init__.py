"""What every game cog shares: the lobby verbs, buttons, the table message and DM delivery."""
