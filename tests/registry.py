"""What the tests iterate over, read from handrank's own registries.

Every test that covers "each rule set", "each game" or "each wild setting"
takes its list from here, so a row added to ``RULE_SETS`` or ``GAMES`` is
tested the moment it is registered (and ``test_registry.py`` fails until the
reference twin in ``reference.py`` knows it too).
"""
from __future__ import annotations

import handrank as hr

#: Every registered rule set, by canonical name.
RULES: list[str] = [rs.name for rs in hr.RULE_SETS]
#: Every registered game preset, by name.
GAMES: list[str] = [g.name for g in hr.GAMES]
#: The kinds of wild setting: none, bug, fully wild jokers, a designated rank,
#: designated cards.
WILDS: list = [None, "bug", "jokers", "2", "Js Jh"]
