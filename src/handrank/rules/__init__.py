"""Rule sets: the registry, their lookup tables, a single hand's strength.

The names below are what this package offers the packages above it
(tests/test_layers.py: across packages only these public names are
imported).  Its modules import one another freely."""
from ._rules import get_rules, RULE_SETS, RULES_BY_NAME, RuleSet, StrengthTable
from ._strength import REGISTERED_TYPES, Strength, strength_type, unpickle_strength

__all__ = ["get_rules", "REGISTERED_TYPES", "RULE_SETS", "RULES_BY_NAME",
    "RuleSet", "Strength", "strength_type", "StrengthTable", "unpickle_strength"]
