"""SCP: Apollyon's Discord surface: the cog, its selects and buttons, and its renderers."""

from cogs.apollyon.cog import setup

__all__ = ["setup"]
