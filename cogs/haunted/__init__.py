"""Haunted's Discord surface: the cog, its buttons and selects, and its renderers."""

from cogs.haunted.cog import setup

__all__ = ["setup"]
