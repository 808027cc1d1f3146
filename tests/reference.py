"""Slow, obviously-correct reference for handrank, written from the SPEC alone.

"SPEC" here means the public contract, docs/spec.rst (the Specification page
of the documentation); its sections are cited by name ("Wild cards", ...).

Pure Python, standard library only, never imports handrank.  The fast C core is
checked against this module, so clarity beats speed everywhere; the only tricks
are memoisation (``functools.lru_cache``) and a class table per rule set built
once at import.

How it works
------------
1. Every five cards are reduced to *values* (one number per card, higher = a
   higher card under the rule set's view of the ace) and a flush flag.
2. ``_pattern`` names the poker pattern (pair, straight, ...) of those values and
   gives a tiebreak tuple, exactly as a person would read the hand.
3. ``five_card_key`` orients that pattern so that a bigger tuple is a better hand
   under the rule set (low rules simply negate the high-style reading).
4. ``_TABLES`` enumerates every equivalence class of five cards of each rule set
   (every multiset of ranks, plus a one-suit variant when the ranks are all
   different), sorts the distinct keys worst to best and numbers them 0..n-1: that
   number is the dense SPEC "strength".
5. ``strength`` takes the best five of 5..9 cards by trying every 5-card subset
   (``itertools.combinations``) and, for wild cards, every legal substitution.

Card codes: code = 4*rank + suit, rank 0..12 = 2..A, suit 0..3 = c, d, h, s;
52 and 53 are jokers.

Wild-card interpretations (SPEC "Wild cards"; every choice made here is listed)
-------------------------------------------------------------------------------
W1. ``wild`` is None (jokers are an error), "bug", "jokers", or a collection of
    designated wild card codes (a string such as "2" or "Js Jh" is also accepted:
    a bare rank means all four suits of that rank).  Jokers 52 and 53 are wild
    under every non-None setting; under "bug" they are bugs and nothing else is
    wild; under "jokers" or a designated collection every wild card is fully wild.
W2. A wild card becomes a real card (a rank and a suit).  The five cards that
    result must be five *different* cards -- a wild may not become a natural card
    of the five, and two wilds may not become the same card -- EXCEPT when the
    result is five of a kind (five cards of one rank), which necessarily repeats
    a card and is allowed under "high" only.  (The restriction is applied to the
    five cards that play; applying it to the whole 7-card hand gives the same
    best hand, because a wild that becomes a natural card outside the five can be
    replaced by that natural card.)
W3. A designated wild card is removed from the naturals, so it may become its own
    card (2s wild: As 2s 3s 4s 5s is a five-high straight flush).
W4. Bug under "high": the five that result must satisfy "every bug became an
    ace, OR the five make a straight, a flush or a straight flush" (straights as
    under "high", so the wheel counts).  Hence A-A-A-A-bug = five aces,
    K-K-K-K-bug = four kings with an ace kicker (not five kings),
    K-K-bug-bug-7 = two pair, aces over kings.
W5. Under the low rules (ace-to-five, ace-to-five-8, deuce-to-seven, ace-to-six)
    every wild card, a bug included, is fully wild and becomes the card that gives
    the best hand for that rule; five of a kind does not exist there, so (by W2)
    no wild may repeat a card at all.  NOTE: SPEC's parenthesis "the lowest rank
    not already in the hand" is only a shorthand: under deuce-to-seven
    6-5-4-3-bug would make the 6-5-4-3-2 straight, so the bug becomes an 8
    (8-6-5-4-3); under ace-to-six 5-4-3-2-bug becomes a 7, not an ace.  We follow
    the governing rule "the best card for the low hand".
W6. Flushes with wild cards: the five make a flush when all five resulting cards
    share a suit.  Five of a kind is never a flush (its category is
    FIVE_OF_A_KIND regardless of suits).

Other interpretations
---------------------
* ``category`` / ``describe`` read the pattern of the five that play under the
  rules' view of the ace; in ace-to-six A-K-Q-J-T of one suit is a "King-high
  flush" (the ace is the lowest card), K-Q-J-T-9 of one suit a "King-high straight
  flush"; in deuce-to-seven A-K-Q-J-T of one suit is a "Royal flush".
* Under ace-to-five and ace-to-six the ace is the lowest card, so two pair aces
  and kings is "Two pair, kings over aces" there.
* Under ace-to-five straights and flushes are ignored, so every unpaired hand,
  suited or in sequence, is "X-y low".
"""

from collections import Counter
from functools import lru_cache
from itertools import combinations, combinations_with_replacement

# --------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
ACE = 12
JOKERS = (52, 53)

RANK_WORDS = ["Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine",
              "Ten", "Jack", "Queen", "King", "Ace"]
RANK_PLURALS = ["twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
                "nines", "tens", "jacks", "queens", "kings", "aces"]

# SPEC Category (hr.Category IntEnum values)
HIGH_CARD = 0
ONE_PAIR = 1
TWO_PAIR = 2
THREE_OF_A_KIND = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 6
FOUR_OF_A_KIND = 7
STRAIGHT_FLUSH = 8
ROYAL_FLUSH = 9
FIVE_OF_A_KIND = 10

CATEGORY_NAMES = ["HIGH_CARD", "ONE_PAIR", "TWO_PAIR", "THREE_OF_A_KIND",
                  "STRAIGHT", "FLUSH", "FULL_HOUSE", "FOUR_OF_A_KIND",
                  "STRAIGHT_FLUSH", "ROYAL_FLUSH", "FIVE_OF_A_KIND"]


def rank_of(code):
    return code // 4


def suit_of(code):
    return code % 4


def card_text(code):
    if code in JOKERS:
        return "Jk"
    return RANK_CHARS[code // 4] + SUIT_CHARS[code % 4]


_SUIT_LOOKUP = {"c": 0, "d": 1, "h": 2, "s": 3,
                "\u2663": 0, "\u2666": 1, "\u2665": 2, "\u2660": 3}
_RANK_LOOKUP = {ch: i for i, ch in enumerate(RANK_CHARS)}


def parse_codes(text):
    """Parse "As Kd Th 9c 2s", "AsKd...", "10h", "Jk"/"Jkr"/"Xx" into codes.

    Rank letters in any case, suits cdhs or the suit symbols, separators spaces
    or commas.  The first joker is 52, the second 53.  Raises ValueError.
    """
    codes = []
    jokers_seen = 0
    i = 0
    low = text.lower()
    while i < len(text):
        ch = low[i]
        if ch in " ,\t\n":
            i += 1
            continue
        joker_len = 0
        for token in ("jkr", "jk", "xx"):
            if low.startswith(token, i):
                joker_len = len(token)
                break
        if joker_len:
            if jokers_seen >= 2:
                raise ValueError("more than two jokers at position %d in %r" % (i, text))
            codes.append(52 + jokers_seen)
            jokers_seen += 1
            i += joker_len
            continue
        if low.startswith("10", i):
            rank = 8
            i += 2
        elif ch.upper() in _RANK_LOOKUP:
            rank = _RANK_LOOKUP[ch.upper()]
            i += 1
        else:
            raise ValueError("bad rank %r at position %d in %r" % (text[i], i, text))
        if i >= len(text) or low[i] not in _SUIT_LOOKUP:
            raise ValueError("missing or bad suit at position %d in %r" % (i, text))
        codes.append(4 * rank + _SUIT_LOOKUP[low[i]])
        i += 1
    return codes


def _as_codes(cards):
    """Accept a text hand or any iterable of integer codes."""
    if isinstance(cards, str):
        return parse_codes(cards)
    return [int(c) for c in cards]


# --------------------------------------------------------------------------
# Rule sets
# --------------------------------------------------------------------------

RULES = ("high", "ace-to-five", "ace-to-five-8", "deuce-to-seven", "ace-to-six",
         "short-deck", "short-deck-trips", "three-card", "badugi", "badugi-ace-high",
         "high-partial", "ace-to-five-partial", "deuce-to-seven-partial")
#: The badugi rule sets (see the Badugi section): whether the ace plays low.
BADUGI = {"badugi": True, "badugi-ace-high": False}

_ALIASES = {
    "high": "high",
    "ace-to-five": "ace-to-five", "a5": "ace-to-five", "razz": "ace-to-five",
    "ace-to-five-8": "ace-to-five-8", "8-or-better": "ace-to-five-8",
    "a5-8": "ace-to-five-8",
    "deuce-to-seven": "deuce-to-seven", "2-7": "deuce-to-seven",
    "27": "deuce-to-seven",
    "ace-to-six": "ace-to-six", "a6": "ace-to-six", "london": "ace-to-six",
    "kansas-city": "deuce-to-seven",
    "short-deck": "short-deck", "6+": "short-deck", "six-plus": "short-deck",
    "short": "short-deck",
    "short-deck-trips": "short-deck-trips", "6+trips": "short-deck-trips",
    "six-plus-trips": "short-deck-trips",
    "three-card": "three-card", "3-card": "three-card", "three-card-poker": "three-card",
    "badugi": "badugi",
    "badugi-ace-high": "badugi-ace-high",
    "high-partial": "high-partial", "partial": "high-partial",
    "ace-to-five-partial": "ace-to-five-partial", "razz-partial": "ace-to-five-partial",
    "a5-partial": "ace-to-five-partial",
    "deuce-to-seven-partial": "deuce-to-seven-partial", "2-7-partial": "deuce-to-seven-partial",
}


def canonical(name):
    """Map a SPEC rule-set name or alias to its canonical name."""
    try:
        return _ALIASES[name]
    except (KeyError, TypeError):
        raise ValueError("unknown rules %r" % (name,)) from None


# Per rule set:
#   ace_low      -- the ace is the lowest card (values: A=0, 2=1, ..., K=12);
#                   otherwise the ace is the highest (values = ranks, A=12)
#   patterns     -- straights and flushes are recognised at all
#   wheel        -- the values of the lowest straight when the ace plays low in
#                   it although it is high otherwise: A-2-3-4-5 under "high",
#                   A-6-7-8-9 in the short deck, A-2-3 in three-card poker
#   better_high  -- True: a higher pattern is better (high); False: a lower
#                   pattern is better (every low rule)
#   ranks        -- the ranks in the deck (short deck: 6 to A)
#   n            -- cards in a hand that plays
#   order        -- the categories, worst first, as a high hand reads them
#   five_kind    -- five of a kind exists (with wild cards)
#   bug_ace      -- a bug is an ace or completes a straight / flush (else fully wild)
STANDARD_ORDER = (HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH,
                  FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH, ROYAL_FLUSH, FIVE_OF_A_KIND)
# Short deck: a flush beats a full house (the definition) ...
SHORT_ORDER = (HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FULL_HOUSE,
               FLUSH, FOUR_OF_A_KIND, STRAIGHT_FLUSH, ROYAL_FLUSH, FIVE_OF_A_KIND)
# ... and in some rooms three of a kind also beats a straight.
SHORT_TRIPS_ORDER = (HIGH_CARD, ONE_PAIR, TWO_PAIR, STRAIGHT, THREE_OF_A_KIND, FULL_HOUSE,
                     FLUSH, FOUR_OF_A_KIND, STRAIGHT_FLUSH, ROYAL_FLUSH, FIVE_OF_A_KIND)
# Three-card poker: straight flush, three of a kind, straight, flush, pair, high card.
THREE_CARD_ORDER = (HIGH_CARD, ONE_PAIR, FLUSH, STRAIGHT, THREE_OF_A_KIND, STRAIGHT_FLUSH)

_ALL_RANKS = tuple(range(13))
_SHORT_RANKS = tuple(range(4, 13))           # 6, 7, 8, 9, T, J, Q, K, A


def _spec(ace_low, patterns, wheel, better_high, ranks=_ALL_RANKS, n=5,
          order=STANDARD_ORDER, five_kind=False, bug_ace=False, partial=False):
    return dict(ace_low=ace_low, patterns=patterns, wheel=wheel, better_high=better_high,
                ranks=ranks, n=n, order={c: i for i, c in enumerate(order)},
                five_kind=five_kind, bug_ace=bug_ace, partial=partial)


_RULE_SPEC = {
    "high":           _spec(False, True, (0, 1, 2, 3, 12), True, five_kind=True, bug_ace=True),
    "ace-to-five":    _spec(True, False, None, False),
    "ace-to-five-8":  _spec(True, False, None, False),
    "deuce-to-seven": _spec(False, True, None, False),
    "ace-to-six":     _spec(True, True, None, False),
    "short-deck":     _spec(False, True, (4, 5, 6, 7, 12), True, _SHORT_RANKS, order=SHORT_ORDER,
                            five_kind=True, bug_ace=True),
    "short-deck-trips": _spec(False, True, (4, 5, 6, 7, 12), True, _SHORT_RANKS,
                              order=SHORT_TRIPS_ORDER, five_kind=True, bug_ace=True),
    "three-card":     _spec(False, True, (0, 1, 12), True, n=3, order=THREE_CARD_ORDER),
    # Partial hands (1..4 cards) on one scale with full ones: a missing card
    # is the worst kicker -- lower than any card for a high hand, higher than
    # any for a low hand.
    "high-partial":   _spec(False, True, (0, 1, 2, 3, 12), True, partial=True),
    "ace-to-five-partial": _spec(True, False, None, False, partial=True),
    "deuce-to-seven-partial": _spec(False, True, None, False, partial=True),
}
#: The rule sets that rank five-card poker hands (best five of 5..9 cards).
POKER5 = tuple(r for r in _RULE_SPEC if _RULE_SPEC[r]["n"] == 5)
# deuce-to-seven: ace high only, so A-2-3-4-5 is ace-high, not a straight.
# ace-to-six: with the ace low, A-2-3-4-5 is the plain sequence 0..4 (a straight)
# and A-K-Q-J-T is {0, 9, 10, 11, 12}, not a sequence (no wrap-around).
# Badugi is not a pattern game: see the Badugi section below.


def deck_codes(rules):
    """The natural card codes of a rule set's deck."""
    return [c for c in range(52) if c // 4 in deck_ranks(rules)]


def deck_ranks(rules):
    """The ranks of the deck a rule set ranks hands from."""
    rules = canonical(rules)
    return _ALL_RANKS if rules in BADUGI else _RULE_SPEC[rules]["ranks"]


def hand_sizes(rules):
    """How many cards an evaluated hand may hold (5..9, 3, 4, or 1..9 partial)."""
    rules = canonical(rules)
    if rules in BADUGI:
        return tuple(range(4, 10))
    n = _RULE_SPEC[rules]["n"]
    if _RULE_SPEC[rules]["partial"]:
        return tuple(range(1, 10))
    return (3,) if n == 3 else tuple(range(5, 10))


def _value(rank, ace_low):
    """A card's value under a rule set: higher value = higher card."""
    return (rank + 1) % 13 if ace_low else rank


def _rank_from_value(value, ace_low):
    return (value - 1) % 13 if ace_low else value


def _pattern(values, flush, spec):
    """Read n card values like a poker player: (category, tiebreak tuple).

    ``values``: n ints, higher = higher card.  ``flush``: all n share a
    suit.  The tiebreak lists the values by group (bigger group first, then
    higher value first), or the top card of a straight.
    """
    n = len(values)
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda vc: (vc[1], vc[0]), reverse=True)
    shape = [c for v, c in groups]
    order = tuple(v for v, c in groups)

    straight_top = None
    is_flush = False
    if spec["patterns"] and len(counts) == n:
        low_to_high = sorted(values)
        if _deck_sequence(low_to_high, spec):
            straight_top = low_to_high[-1]
        elif spec["wheel"] is not None and tuple(low_to_high) == spec["wheel"]:
            straight_top = low_to_high[-2]  # the ace plays low: 5-4-3-2-A, 9-8-7-6-A
        is_flush = flush

    if shape == [5]:
        return FIVE_OF_A_KIND, order
    if straight_top is not None and is_flush:
        # A royal flush: five cards up to a high ace (never with the ace low).
        if n == 5 and straight_top == 12 and not spec["ace_low"]:
            return ROYAL_FLUSH, (straight_top,)
        return STRAIGHT_FLUSH, (straight_top,)
    if shape == [4, 1]:
        return FOUR_OF_A_KIND, order
    if shape == [3, 2]:
        return FULL_HOUSE, order
    if is_flush:
        return FLUSH, order
    if straight_top is not None:
        return STRAIGHT, (straight_top,)
    if shape[0] == 3:
        return THREE_OF_A_KIND, order
    if shape == [2, 2, 1]:
        return TWO_PAIR, order
    if shape[0] == 2:
        return ONE_PAIR, order
    return HIGH_CARD, order


def _deck_sequence(sorted_values, spec):
    """Whether values are consecutive ranks of the deck (in the rule's order)."""
    deck_values = sorted(_value(r, spec["ace_low"]) for r in spec["ranks"])
    idx = [deck_values.index(v) for v in sorted_values]
    return idx[-1] - idx[0] == len(idx) - 1


def _qualifies_8(ranks):
    """ace-to-five-8: no pair and no card above an eight (the ace is low)."""
    return len(set(ranks)) == 5 and all(r == ACE or r <= 6 for r in ranks)


def _key_from_ranks(ranks, flush, rules):
    """Oriented key (bigger = better) for n ranks (or fewer, for a partial
    hand) and a flush flag."""
    spec = _RULE_SPEC[rules]
    values = [_value(r, spec["ace_low"]) for r in ranks]
    category, tiebreak = _pattern(values, flush, spec) if len(values) == spec["n"] else \
        _partial_pattern(values)
    place = spec["order"][category]
    # a partial hand's missing cards are its worst kickers: padded at the end
    # with a value below every card (high), or above every card (low: its key
    # negates the values, so the padding -13 is below every real -v)
    if spec["better_high"]:
        key = (place,) + tuple(tiebreak)
        return key + (-1,) * (len(values) < spec["n"]) * (spec["n"] - len(values)) \
            if category not in (STRAIGHT, STRAIGHT_FLUSH, ROYAL_FLUSH) else key
    groups_first, kickers = _split_kickers(values, tiebreak)
    missing = spec["n"] - len(values)
    return (-place,) + tuple(-t for t in groups_first) + (-13,) * missing + \
        tuple(-t for t in kickers)


def _partial_pattern(values):
    """The pattern of fewer than five cards: pairs, trips, quads or high cards."""
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda vc: (vc[1], vc[0]), reverse=True)
    shape = [c for v, c in groups]
    order = tuple(v for v, c in groups)
    if shape[0] == 4:
        return FOUR_OF_A_KIND, order
    if shape[0] == 3:
        return THREE_OF_A_KIND, order
    if shape[:2] == [2, 2]:
        return TWO_PAIR, order
    if shape[0] == 2:
        return ONE_PAIR, order
    return HIGH_CARD, order


def _split_kickers(values, tiebreak):
    """(the tie-break values of cards in groups of two or more, the unpaired
    kickers' values), each in tie-break order."""
    counts = Counter(values)
    grouped = tuple(v for v in tiebreak if counts[v] >= 2)
    kickers = tuple(v for v in tiebreak if counts[v] == 1)
    return grouped, kickers


def five_card_key(cards, rules):
    """Comparable tuple for exactly five card codes; bigger = better hand.

    Under ace-to-five-8 a non-qualifying hand has key (0,) (all equal, below
    every qualifying hand) and a qualifying one (1, ace-to-five key).
    """
    rules = canonical(rules)
    cards = _as_codes(cards)
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError("five_card_key needs five different cards, got %r" % (cards,))
    if any(not 0 <= c < 52 for c in cards):
        raise ValueError("five_card_key takes natural cards 0..51, got %r" % (cards,))
    ranks = [c // 4 for c in cards]
    flush = len({c % 4 for c in cards}) == 1
    if rules == "ace-to-five-8":
        if not _qualifies_8(ranks):
            return (0,)
        return (1,) + _key_from_ranks(ranks, flush, "ace-to-five")
    return _key_from_ranks(ranks, flush, rules)


# --------------------------------------------------------------------------
# Class tables: every equivalence class of five cards, worst to best
# --------------------------------------------------------------------------

def _build_table(rules):
    """Return (key -> dense strength, list of class info by strength).

    Enumerates every multiset of five ranks (at most four of a rank; five of a
    rank only under "high", reachable with wild cards) and, when the five ranks
    are all different, both the off-suit and the one-suit version.  Equal keys
    are one class.
    """
    spec = _RULE_SPEC[rules]
    max_of_a_rank = 5 if spec["five_kind"] else 4
    keys = {}
    n = spec["n"]
    for size in range(1 if spec["partial"] else n, n + 1):
        for ranks in combinations_with_replacement(spec["ranks"], size):
            if max(Counter(ranks).values()) > max_of_a_rank:
                continue
            full = size == n and len(set(ranks)) == n and spec["patterns"]
            for flush in ((False, True) if full else (False,)):
                key = _key_from_ranks(ranks, flush, rules)
                values = [_value(r, spec["ace_low"]) for r in ranks]
                keys[key] = _pattern(values, flush, spec) if size == n else \
                    _partial_pattern(values) + (size,)
    ordered = sorted(keys)
    index = {key: i for i, key in enumerate(ordered)}
    info = [keys[key] for key in ordered]  # (category, tiebreak values)
    return index, info


# ace-to-five-8 shares the ace-to-five table (same values for qualifying hands).
_TABLES = {rules: _build_table(rules) for rules in RULES
           if rules != "ace-to-five-8" and rules not in BADUGI}
_TABLES["ace-to-five-8"] = _TABLES["ace-to-five"]


def n_classes(rules):
    """Number of dense strengths of a rule set (high includes five of a kind)."""
    rules = canonical(rules)
    if rules == "ace-to-five-8":
        return sum(1 for s in range(len(_TABLES[rules][1]))
                   if _qualifying_strength_8(s))
    if rules in BADUGI:
        return len(_BADUGI[rules][1])
    return len(_TABLES[rules][1])


@lru_cache(maxsize=None)
def _qualifying_strength_8(s):
    """Is ace-to-five strength s an 8-or-better low?"""
    category, tiebreak = _TABLES["ace-to-five"][1][s]
    if category != HIGH_CARD:
        return False
    return all(_rank_from_value(v, True) in (ACE, 0, 1, 2, 3, 4, 5, 6) for v in tiebreak)


@lru_cache(maxsize=None)
def _ranks_strength(ranks, flush, rules):
    """Dense strength of five (sorted) ranks + flush flag; -1 = no 8-or-better."""
    if rules == "ace-to-five-8":
        if not _qualifies_8(ranks):
            return -1
        rules = "ace-to-five"
    return _TABLES[rules][0][_key_from_ranks(ranks, flush, rules)]


def _natural_five_strength(five, rules):
    ranks = tuple(sorted(c // 4 for c in five))
    flush = len({c % 4 for c in five}) == 1
    return _ranks_strength(ranks, flush, rules)


# --------------------------------------------------------------------------
# Wild cards
# --------------------------------------------------------------------------

def _wild_setting(wild):
    """Return (set of wild codes, bug flag) for a SPEC ``wild=`` value (W1)."""
    if wild is None:
        return frozenset(), False
    if isinstance(wild, str):
        if wild == "bug":
            return frozenset(JOKERS), True
        if wild == "jokers":
            return frozenset(JOKERS), False
        codes = set()
        for token in wild.replace(",", " ").split():
            if token.upper() in _RANK_LOOKUP or token == "10":
                rank = 8 if token == "10" else _RANK_LOOKUP[token.upper()]
                codes.update(4 * rank + s for s in range(4))
            else:
                codes.update(parse_codes(token))
        return frozenset(codes) | frozenset(JOKERS), False
    return frozenset(int(c) for c in wild) | frozenset(JOKERS), False


def _is_straight(ranks, rules):
    """Five different ranks that make a straight under the rule set (the ace
    high, or low in its wheel)."""
    spec = _RULE_SPEC[rules]
    values = sorted(_value(r, spec["ace_low"]) for r in ranks)
    if not spec["patterns"] or len(set(values)) != 5:
        return False
    return _deck_sequence(values, spec) or (spec["wheel"] is not None
                                            and tuple(values) == spec["wheel"])


@lru_cache(maxsize=None)
def _wild_five_strength(nat_ranks, nat_one_suit, n_wild, bug, rules):
    """Best strength of five cards: naturals + ``n_wild`` wild cards.

    ``nat_ranks``: sorted ranks of the natural cards (all different cards);
    ``nat_one_suit``: the naturals share one suit (or there are none).

    Every choice of ranks for the wild cards is tried.  For each choice the
    suits are settled by these facts (W2, W6; ``strength_by_substitution``
    checks them against a literal card-by-card substitution):
      * unless all five have one rank, no rank is held more than four times, so
        the wilds can always take suits that make five different cards, and at
        least one such choice is not a flush (a wild alone on its rank picks a
        suit other than the naturals'; a paired hand is never a flush);
      * a flush is possible exactly when the five ranks are all different and
        the naturals share one suit: the wilds take that suit on ranks no
        natural holds, so no card repeats.
    """
    spec = _RULE_SPEC[rules]
    bug_high = bug and spec["bug_ace"]
    best = None
    for wild_ranks in combinations_with_replacement(spec["ranks"], n_wild):
        ranks = tuple(sorted(nat_ranks + wild_ranks))
        all_aces = all(r == ACE for r in wild_ranks)
        if len(set(ranks)) == 1:
            # Five of a kind: high-style rules only (W2, W5); a bug only as an ace (W4).
            if not spec["five_kind"] or (bug_high and not all_aces):
                continue
            flush_options = (False,)
        elif len(set(ranks)) == 5 and nat_one_suit:
            flush_options = (False, True)
        else:
            flush_options = (False,)
        for flush in flush_options:
            if bug_high and not all_aces and not (flush or _is_straight(ranks, rules)):
                continue  # W4: a bug that is not an ace needs a straight or flush
            s = _ranks_strength(ranks, flush, rules)
            if best is None or s > best:
                best = s
    return best


def _check_cards(cards, wild_codes, lo=5, hi=9, ranks=_ALL_RANKS):
    if not lo <= len(cards) <= hi:
        raise ValueError("need %d..%d cards, got %d" % (lo, hi, len(cards)))
    if len(set(cards)) != len(cards):
        raise ValueError("duplicate card in %r" % (cards,))
    for c in cards:
        if not 0 <= c <= 53:
            raise ValueError("card code out of range: %r" % (c,))
        if c in JOKERS and c not in wild_codes:
            raise ValueError("joker without a wild setting")
        if c not in JOKERS and c // 4 not in ranks:
            raise ValueError("card %s is not in the deck" % card_text(c))


def _five_strength(five, rules, wild_codes, bug):
    naturals = [c for c in five if c not in wild_codes]
    n_wild = 5 - len(naturals)
    if n_wild == 0:
        return _natural_five_strength(five, rules)
    nat_ranks = tuple(sorted(c // 4 for c in naturals))
    nat_one_suit = len({c % 4 for c in naturals}) <= 1
    return _wild_five_strength(nat_ranks, nat_one_suit, n_wild, bug, rules)


def strength(cards, rules="high", wild=None):
    """Dense strength of the best hand of the cards (higher = better): the best
    five of 5..9 cards, the three cards of a three-card hand, the best badugi
    of 4..9 cards.

    ace-to-five-8 gives -1 when no five qualify.  ``cards`` may be codes or text.
    """
    rules = canonical(rules)
    cards = _as_codes(cards)
    if rules in BADUGI:
        if wild is not None:
            raise ValueError("badugi takes no wild cards")
        _check_cards(cards, frozenset(), 4, 9)
        return badugi_strength(cards, rules)
    spec = _RULE_SPEC[rules]
    wild_codes, bug = _wild_setting(wild)
    sizes = hand_sizes(rules)
    _check_cards(cards, wild_codes, sizes[0], sizes[-1], spec["ranks"])
    if spec["n"] == 3 or (spec["partial"] and len(cards) < spec["n"]):
        if wild is not None:
            raise ValueError("three-card and partial hands take no wild cards")
        return _natural_five_strength(cards, rules)
    return max(_five_strength(five, rules, wild_codes, bug)
               for five in combinations(cards, 5))


def best_five_strengths(cards, rules="high", wild=None):
    """{five-card tuple: strength} for every 5-card subset (debugging aid)."""
    rules = canonical(rules)
    cards = _as_codes(cards)
    wild_codes, bug = _wild_setting(wild)
    _check_cards(cards, wild_codes)
    return {five: _five_strength(five, rules, wild_codes, bug)
            for five in combinations(cards, 5)}


def strength_by_substitution(cards, rules="high", wild=None):
    """Same as ``strength`` but by literal card substitution (very slow).

    Each wild card of each five is replaced by every one of the 52 cards (the
    wilds are interchangeable, so multisets suffice) and the SPEC rules are
    checked on the five real cards that result: five different cards unless
    they are five of a kind (high only); under "high" a bug must be an ace
    unless the five make a straight or a flush.  Use with at most 2-3 wilds.
    """
    rules = canonical(rules)
    cards = _as_codes(cards)
    wild_codes, bug = _wild_setting(wild)
    _check_cards(cards, wild_codes)
    best = None
    for five in combinations(cards, 5):
        naturals = tuple(c for c in five if c not in wild_codes)
        n_wild = 5 - len(naturals)
        deck = [c for c in range(52) if c // 4 in _RULE_SPEC[rules]["ranks"]]
        for subs in combinations_with_replacement(deck, n_wild):
            result = naturals + subs
            ranks = [c // 4 for c in result]
            five_of_a_kind = len(set(ranks)) == 1
            if five_of_a_kind:
                if not _RULE_SPEC[rules]["five_kind"]:
                    continue
            elif len(set(result)) != 5:
                continue  # a wild repeated a natural card or another wild
            flush = not five_of_a_kind and len({c % 4 for c in result}) == 1
            if bug and _RULE_SPEC[rules]["bug_ace"] and any(c // 4 != ACE for c in subs):
                if not (flush or _is_straight(ranks, rules)):
                    continue
            s = _ranks_strength(tuple(sorted(ranks)), flush, rules)
            if best is None or s > best:
                best = s
    return best


# --------------------------------------------------------------------------
# Omaha
# --------------------------------------------------------------------------

def omaha_strength(hole, board, rules="high", wild=None):
    """Best strength using exactly two hole cards and exactly three board cards."""
    rules = canonical(rules)
    hole = _as_codes(hole)
    board = _as_codes(board)
    wild_codes, bug = _wild_setting(wild)
    _check_cards(hole + board, wild_codes, lo=5, hi=11, ranks=_RULE_SPEC[rules]["ranks"])
    if len(hole) < 2 or len(board) < 3:
        raise ValueError("omaha needs at least 2 hole and 3 board cards")
    return max(_five_strength(h + b, rules, wild_codes, bug)
               for h in combinations(hole, 2) for b in combinations(board, 3))


# --------------------------------------------------------------------------
# Category and description
# --------------------------------------------------------------------------

def category_of_strength(s, rules="high"):
    """Category int (0..10) of a dense strength; None for -1 under ace-to-five-8.
    Every badugi hand is HIGH_CARD (unpaired)."""
    rules = canonical(rules)
    if s == -1 and rules == "ace-to-five-8":
        return None
    if rules in BADUGI:
        _BADUGI[rules][1][s]                # range check
        return HIGH_CARD
    return _TABLES[rules][1][s][0]


def describe_strength(s, rules="high"):
    """Plain-English name of a dense strength, in the SPEC forms; a badugi is
    "4-card badugi, 4-3-2-A" (its cards, highest first)."""
    rules = canonical(rules)
    if rules == "ace-to-five-8" and s == -1:
        return "No low"
    if rules in BADUGI:
        ranks = _BADUGI[rules][1][s]
        return "%d-card badugi, %s" % (len(ranks), "-".join(RANK_CHARS[r] for r in ranks))
    category, tiebreak = _TABLES[rules][1][s][:2]
    ace_low = _RULE_SPEC[rules]["ace_low"]
    ranks = [_rank_from_value(v, ace_low) for v in tiebreak]
    word = [RANK_WORDS[r] for r in ranks]
    if len(_TABLES[rules][1][s]) == 3:            # a partial hand: its own names
        low = not _RULE_SPEC[rules]["better_high"]
        if category == HIGH_CARD:
            text = "-".join(w.lower() for w in word)
            return text[0].upper() + text[1:] + (" low" if low else " high")
        if category == TWO_PAIR:
            return "Two pair, %s and %s" % (RANK_PLURALS[ranks[0]], RANK_PLURALS[ranks[1]])
    plural = [RANK_PLURALS[r] for r in ranks]
    if category == FIVE_OF_A_KIND:
        return "Five of a kind, %s" % plural[0]
    if category == ROYAL_FLUSH:
        return "Royal flush"
    if category == STRAIGHT_FLUSH:
        return "%s-high straight flush" % word[0]
    if category == FOUR_OF_A_KIND:
        return "Four of a kind, %s" % plural[0]
    if category == FULL_HOUSE:
        return "Full house, %s over %s" % (plural[0], plural[1])
    if category == FLUSH:
        return "%s-high flush" % word[0]
    if category == STRAIGHT:
        return "%s-high straight" % word[0]
    if category == THREE_OF_A_KIND:
        return "Three of a kind, %s" % plural[0]
    if category == TWO_PAIR:
        return "Two pair, %s over %s" % (plural[0], plural[1])
    if category == ONE_PAIR:
        return "One pair, %s" % plural[0]
    if _RULE_SPEC[rules]["better_high"]:
        return "%s-high" % word[0]
    return "%s-%s low" % (word[0], word[1].lower())


# --------------------------------------------------------------------------
# Badugi
# --------------------------------------------------------------------------
# Of four cards, the largest set with no two of one rank and no two of one
# suit plays; more cards beat fewer; among sets of one size the lower hand
# wins, compared from its highest card down: the ace lowest under "badugi",
# highest under "badugi-ace-high" (badeucy's badugi half, where 5-4-3-2 is
# the best hand and A-4-3-2 an ace-high four-card badugi).

def _badugi_key(ranks, ace_low=True):
    """Bigger = better: the size, then the ranks highest first, negated."""
    values = sorted((_value(r, ace_low) for r in ranks), reverse=True)
    return (len(values),) + tuple(-v for v in values)


def _badugi_classes(ace_low):
    keys = {}
    for size in range(1, 5):
        for ranks in combinations(range(13), size):
            keys[_badugi_key(ranks, ace_low)] = ranks
    ordered = sorted(keys)
    index = {k: i for i, k in enumerate(ordered)}
    # each class's ranks, highest first under the rule set's ace
    info = [tuple(sorted(keys[k], key=lambda r: _value(r, ace_low), reverse=True))
            for k in ordered]
    return index, info


#: rule set -> (key -> strength, strength -> ranks highest first)
_BADUGI = {rules: _badugi_classes(ace_low) for rules, ace_low in BADUGI.items()}


def badugi_strength(cards, rules="badugi"):
    """Dense badugi strength of 4..9 different cards (higher = better): the
    largest set of cards of different ranks and different suits, then the
    lowest."""
    ace_low = BADUGI[canonical(rules)]
    best = None
    for size in range(4, 0, -1):
        for sub in combinations(cards, size):
            if len({c // 4 for c in sub}) == size and len({c % 4 for c in sub}) == size:
                key = _badugi_key([c // 4 for c in sub], ace_low)
                if best is None or key > best:
                    best = key
    return _BADUGI[canonical(rules)][0][best]


def category(cards, rules="high", wild=None):
    """Category int of the best five (None: no 8-or-better low)."""
    return category_of_strength(strength(cards, rules, wild), rules)


def describe(cards, rules="high", wild=None):
    """Plain-English name of the best five, e.g. "Full house, threes over sixes"."""
    return describe_strength(strength(cards, rules, wild), rules)


# --------------------------------------------------------------------------
# Games and showdowns (SPEC "Games, showdown and equity")
# --------------------------------------------------------------------------

# name: (hole, board, halves, wild); each half (rules, "any" | "omaha",
# qualifier or None, unqualified), in the game's order -- the high half
# first, then the low.  A qualifier is the weakest qualifying hand (text) or
# a low's highest card (a number); unqualified is what happens when nobody
# qualifies: "others" (the halves won share the pot) or "ignore" (when no
# half is won, the half is played without its qualifier).
_HI, _LO8 = ("high", "any", None, "others"), ("ace-to-five-8", "any", None, "others")
_OHI, _OLO8 = ("high", "omaha", None, "others"), ("ace-to-five-8", "omaha", None, "others")
GAMES = {
    "holdem": (2, 5, (_HI,), None),
    "omaha": (4, 5, (_OHI,), None),
    "omaha5": (5, 5, (_OHI,), None),
    "omaha6": (6, 5, (_OHI,), None),
    "omaha8": (4, 5, (_OHI, _OLO8), None),
    "stud": (7, 0, (_HI,), None),
    "stud8": (7, 0, (_HI, _LO8), None),
    "stud8-nines": (7, 0, (("high", "any", "9c 9d 4h 3s 2c", "ignore"), _LO8), None),
    "razz": (7, 0, (("ace-to-five", "any", None, "others"),), None),
    "draw": (5, 0, (_HI,), None),
    "draw-joker": (5, 0, (_HI,), "bug"),
    "lowball": (5, 0, (("ace-to-five", "any", None, "others"),), "bug"),
    "2-7-draw": (5, 0, (("deuce-to-seven", "any", None, "others"),), None),
    "a6-draw": (5, 0, (("ace-to-six", "any", None, "others"),), None),
    "short-deck": (2, 5, (("short-deck", "any", None, "others"),), None),
    "holdem8": (2, 5, (_HI, _LO8), None),
    "big-o": (5, 5, (_OHI, _OLO8), None),
    "omaha6-8": (6, 5, (_OHI, _OLO8), None),
    "courchevel": (5, 5, (_OHI,), None),
    "courchevel8": (5, 5, (_OHI, _OLO8), None),
    "badugi": (4, 0, (("badugi", "any", None, "others"),), None),
    "badeucy": (5, 0, (("deuce-to-seven", "any", None, "others"), ("badugi-ace-high", "any", None, "others")),
                None),
    "badacey": (5, 0, (("ace-to-five", "any", None, "others"), ("badugi", "any", None, "others")), None),
}


#: A game's double-board form: its name with this suffix.  Two boards are
#: dealt; each is a showdown of its own for half the pot.
DOUBLE = "-double-board"


def boards_of(game):
    """Boards per deal: 2 for a double-board game, else 1."""
    return 2 if isinstance(game, str) and game.endswith(DOUBLE) else 1


def game_spec(game):
    """(hole, board, halves, wild) of a game: a name in GAMES (or its
    double-board form), or such a tuple itself (a custom game)."""
    if isinstance(game, str):
        return GAMES[game[:-len(DOUBLE)] if game.endswith(DOUBLE) else game]
    return tuple(game)


def _half_parts(half):
    """(rules, select, qualifier, unqualified) of a half row (a row of three
    has the default "others")."""
    rules, select, qualifier = half[:3]
    return rules, select, qualifier, half[3] if len(half) > 3 else "others"


def _raw_strength(game, hole, board, half):
    """A player's strength for one half under its rule set alone (-1: no
    hand the rule set ranks), and whether it reaches the half's qualifier."""
    wild = game_spec(game)[3]
    rules, select, qualifier, _ = _half_parts(half)
    hole, board = _as_codes(hole), _as_codes(board)
    if select == "omaha":
        fives = [h + b for h in combinations(hole, 2) for b in combinations(board, 3)]
        s = omaha_strength(hole, board, rules, wild)
    else:
        fives = list(combinations(hole + board, 5))
        s = strength(hole + board, rules, wild)
    if qualifier is None:
        ok = True
    elif isinstance(qualifier, str):                      # the weakest qualifying hand
        ok = s >= strength(qualifier, rules)
    else:                                                 # a low's highest card
        ok = any(_qualifies(f, rules, qualifier) for f in fives)
    return s, ok and s >= 0


def game_strength(game, hole, board, half):
    """A player's strength in a game for one half (rules, select, qualifier[,
    unqualified]): -1 for a hand that does not reach the half's qualifier."""
    s, ok = _raw_strength(game, hole, board, half)
    return s if ok else -1


def _qualifies(five, rules, qualifier):
    """Whether five natural cards make a low of `qualifier` or better under a
    low rule set: five ranks, none above the qualifier (the ace low where
    the rule set plays it low), and no straight or flush where they count."""
    rules = canonical(rules)
    spec = _RULE_SPEC[rules]
    ranks = [c // 4 for c in five]
    if any(c >= 52 for c in five) or len(set(ranks)) < 5:
        return False
    top = max(_value(r, spec["ace_low"]) for r in ranks)            # 0 = the ace low
    if top > (qualifier - 1 if spec["ace_low"] else qualifier - 2):
        return False
    if spec["patterns"] and len({c % 4 for c in five}) == 1:
        return False
    return not _is_straight(ranks, rules)


def half_winners(game, hands, board=()):
    """Each half's winners (player lists, in the game's order; empty: nobody
    won it), straight from the rules: a half goes to its best qualifying
    hands; when nobody qualifies for any half, each half whose rule is
    "ignore" goes to its best hands without the qualifier."""
    halves = game_spec(game)[2]
    n = len(hands)
    raw = [[_raw_strength(game, h, board, half) for h in hands] for half in halves]

    def best_of(players):
        if not players:
            return []
        top = max(players)[0]
        return [i for s, i in sorted(players) if s == top]

    won = [best_of([(s, i) for i, (s, ok) in enumerate(r) if ok]) for r in raw]
    if not any(won):
        won = [best_of([(s, i) for i, (s, _) in enumerate(r) if s >= 0])
               if _half_parts(half)[3] == "ignore" else []
               for r, half in zip(raw, halves)]
    assert all(0 <= i < n for w in won for i in w)
    return won


def showdown(game, hands, board=()):
    """Each player's pot share, straight from the rules: each half goes to its
    winners (``half_winners``; shared on ties), and the pot is cut equally
    between the halves somebody won (one half: all of it; high-low with no
    qualifying low: the high takes all).  A double-board game takes a pair
    of boards: the mean of the two boards' showdowns."""
    if boards_of(game) == 2:
        base = game[:-len(DOUBLE)]
        one, two = (showdown(base, hands, b) for b in board)
        return [(x + y) / 2 for x, y in zip(one, two)]
    n = len(hands)
    shares = [0.0] * n
    winners = [w for w in half_winners(game, hands, board) if w]
    for w in winners:
        for i in w:
            shares[i] += 1.0 / len(winners) / len(w)
    return shares


def equity(game, hands, board=(), dead=()):
    """Exact equity by brute force: every completion of the board (of each
    board, one after the other, in a double-board game, whose board is a
    pair), then of each player's missing hole cards, from the deck left over;
    each deal's pot shares from ``showdown``.  Returns (equity list, wins,
    ties, deals) where a win is a whole pot and a tie any part of one."""
    hole, nboard, halves, wild = game_spec(game)
    hands = [_as_codes(h) if h is not None else [] for h in hands]
    double = boards_of(game) == 2
    boards = [_as_codes(b) for b in board] if double else [_as_codes(board)]
    dead = _as_codes(dead)
    ranks = deck_ranks(halves[0][0])
    deck = [c for c in range(53 if wild else 52) if c == 52 or c // 4 in ranks]
    known = set(dead) | {c for h in hands for c in h} | {c for b in boards for c in b}
    deck = [c for c in deck if c not in known]
    n = len(hands)
    totals, wins, ties = [0.0] * n, [0] * n, [0] * n
    deals = 0

    def deal_players(i, left, dealt):
        nonlocal deals
        if i == n:
            shares = showdown(game, dealt, full_board)
            deals += 1
            for p, s in enumerate(shares):
                totals[p] += s
                if s == 1.0:
                    wins[p] += 1
                elif s > 0.0:
                    ties[p] += 1
            return
        need = hole - len(hands[i])
        for extra in combinations(left, need):
            rest = [c for c in left if c not in extra]
            deal_players(i + 1, rest, dealt + [hands[i] + list(extra)])

    def deal_boards(k, left, done):
        nonlocal full_board
        if k == len(boards):
            full_board = done if double else done[0]
            deal_players(0, left, [])
            return
        for extra in combinations(left, nboard - len(boards[k])):
            deal_boards(k + 1, [c for c in left if c not in extra],
                        done + [boards[k] + list(extra)])

    full_board = None
    deal_boards(0, deck, [])
    return [t / deals for t in totals], wins, ties, deals
