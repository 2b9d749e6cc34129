"""The bold keywords: common character abilities, each a short name for one rule.

The rules that read them live where the rule applies (combat.py, turn.py);
this table is the vocabulary and the reminder text shown on cards.
"""

from __future__ import annotations

SWIFT = "Swift"
GUARDIAN = "Guardian"
STEADFAST = "Steadfast"
ZEALOUS = "Zealous"
TEMPTER = "Tempter"

KEYWORDS: dict[str, str] = {
    SWIFT: "may pray, challenge and use abilities the turn it is played",
    GUARDIAN: "while it is on your field, opponents can challenge only your Guardians",
    STEADFAST: "takes 1 less damage in a challenge",
    ZEALOUS: "when it challenges and exiles the defender, it takes no damage back",
    TEMPTER: "when it challenges and exiles the defender, that player loses 1 Faith",
}
