"""Hold'em analysis: hand strength and potential, outs, exact multiway
strength, made hands and draws (classify).

The names below are what this package offers the packages above it
(tests/test_layers.py: across packages only these public names are
imported).  Its modules import one another freely."""
from ._analysis import ehs, ehs2, hand_potential, hand_strength, outs, Potential
from ._classify import (Blocker, breakdown, Classes, classify, Draw, HandClass, MadeHand,
                        RangeBreakdown)

__all__ = ["Blocker", "breakdown", "Classes", "classify", "Draw", "ehs", "ehs2",
    "hand_potential", "hand_strength", "HandClass", "MadeHand", "outs", "Potential",
    "RangeBreakdown"]
