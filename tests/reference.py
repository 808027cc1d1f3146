"""Slow, obviously-correct reference for handrank, written from SPEC.md alone.

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

RULES = ("high", "ace-to-five", "ace-to-five-8", "deuce-to-seven", "ace-to-six")

_ALIASES = {
    "high": "high",
    "ace-to-five": "ace-to-five", "a5": "ace-to-five", "razz": "ace-to-five",
    "ace-to-five-8": "ace-to-five-8", "8-or-better": "ace-to-five-8",
    "a5-8": "ace-to-five-8",
    "deuce-to-seven": "deuce-to-seven", "2-7": "deuce-to-seven",
    "27": "deuce-to-seven",
    "ace-to-six": "ace-to-six", "a6": "ace-to-six",
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
#   wheel        -- A-2-3-4-5 is a straight in addition to the plain sequences
#                   (only "high", where the ace is high but may play low)
#   better_high  -- True: a higher pattern is better (high); False: a lower
#                   pattern is better (every low rule)
_RULE_SPEC = {
    "high":           dict(ace_low=False, patterns=True,  wheel=True,  better_high=True),
    "ace-to-five":    dict(ace_low=True,  patterns=False, wheel=False, better_high=False),
    "ace-to-five-8":  dict(ace_low=True,  patterns=False, wheel=False, better_high=False),
    "deuce-to-seven": dict(ace_low=False, patterns=True,  wheel=False, better_high=False),
    "ace-to-six":     dict(ace_low=True,  patterns=True,  wheel=False, better_high=False),
}
# deuce-to-seven: ace high only, so A-2-3-4-5 is ace-high, not a straight.
# ace-to-six: with the ace low, A-2-3-4-5 is the plain sequence 0..4 (a straight)
# and A-K-Q-J-T is {0, 9, 10, 11, 12}, not a sequence (no wrap-around).


def _value(rank, ace_low):
    """A card's value under a rule set: higher value = higher card."""
    return (rank + 1) % 13 if ace_low else rank


def _rank_from_value(value, ace_low):
    return (value - 1) % 13 if ace_low else value


def _pattern(values, flush, spec):
    """Read five card values like a poker player: (category, tiebreak tuple).

    ``values``: five ints, higher = higher card.  ``flush``: all five share a
    suit.  The tiebreak lists the values by group (bigger group first, then
    higher value first), or the top card of a straight.
    """
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda vc: (vc[1], vc[0]), reverse=True)
    shape = [c for v, c in groups]
    order = tuple(v for v, c in groups)

    straight_top = None
    is_flush = False
    if spec["patterns"] and len(counts) == 5:
        low_to_high = sorted(values)
        if low_to_high[4] - low_to_high[0] == 4:
            straight_top = low_to_high[4]
        elif spec["wheel"] and low_to_high == [0, 1, 2, 3, 12]:
            straight_top = 3  # the five plays high: 5-4-3-2-A
        is_flush = flush

    if shape == [5]:
        return FIVE_OF_A_KIND, order
    if straight_top is not None and is_flush:
        # A royal flush needs a high ace: only when the ace is not low.
        if straight_top == 12 and not spec["ace_low"]:
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
    if shape == [3, 1, 1]:
        return THREE_OF_A_KIND, order
    if shape == [2, 2, 1]:
        return TWO_PAIR, order
    if shape == [2, 1, 1, 1]:
        return ONE_PAIR, order
    return HIGH_CARD, order


def _qualifies_8(ranks):
    """ace-to-five-8: no pair and no card above an eight (the ace is low)."""
    return len(set(ranks)) == 5 and all(r == ACE or r <= 6 for r in ranks)


def _key_from_ranks(ranks, flush, rules):
    """Oriented key (bigger = better) for five ranks and a flush flag."""
    spec = _RULE_SPEC[rules]
    values = [_value(r, spec["ace_low"]) for r in ranks]
    category, tiebreak = _pattern(values, flush, spec)
    if spec["better_high"]:
        return (category,) + tuple(tiebreak)
    return (-category,) + tuple(-t for t in tiebreak)


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
    max_of_a_rank = 5 if rules == "high" else 4
    keys = {}
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > max_of_a_rank:
            continue
        flush_options = (False, True) if len(set(ranks)) == 5 else (False,)
        for flush in flush_options:
            key = _key_from_ranks(ranks, flush, rules)
            values = [_value(r, spec["ace_low"]) for r in ranks]
            keys[key] = _pattern(values, flush, spec)
    ordered = sorted(keys)
    index = {key: i for i, key in enumerate(ordered)}
    info = [keys[key] for key in ordered]  # (category, tiebreak values)
    return index, info


# ace-to-five-8 shares the ace-to-five table (same values for qualifying hands).
_TABLES = {rules: _build_table(rules) for rules in RULES if rules != "ace-to-five-8"}
_TABLES["ace-to-five-8"] = _TABLES["ace-to-five"]


def n_classes(rules):
    """Number of dense strengths of a rule set (high includes five of a kind)."""
    rules = canonical(rules)
    if rules == "ace-to-five-8":
        return sum(1 for s in range(len(_TABLES[rules][1]))
                   if _qualifying_strength_8(s))
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


def _is_straight_high(ranks):
    """Straight under "high" (ace high or low in 5-4-3-2-A)."""
    s = sorted(set(ranks))
    return len(s) == 5 and (s[4] - s[0] == 4 or s == [0, 1, 2, 3, 12])


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
    bug_high = bug and rules == "high"
    best = None
    for wild_ranks in combinations_with_replacement(range(13), n_wild):
        ranks = tuple(sorted(nat_ranks + wild_ranks))
        all_aces = all(r == ACE for r in wild_ranks)
        if len(set(ranks)) == 1:
            # Five of a kind: "high" only (W2, W5); a bug only as an ace (W4).
            if rules != "high" or (bug_high and not all_aces):
                continue
            flush_options = (False,)
        elif len(set(ranks)) == 5 and nat_one_suit:
            flush_options = (False, True)
        else:
            flush_options = (False,)
        for flush in flush_options:
            if bug_high and not all_aces and not (flush or _is_straight_high(ranks)):
                continue  # W4: a bug that is not an ace needs a straight or flush
            s = _ranks_strength(ranks, flush, rules)
            if best is None or s > best:
                best = s
    return best


def _check_cards(cards, wild_codes, lo=5, hi=9):
    if not lo <= len(cards) <= hi:
        raise ValueError("need %d..%d cards, got %d" % (lo, hi, len(cards)))
    if len(set(cards)) != len(cards):
        raise ValueError("duplicate card in %r" % (cards,))
    for c in cards:
        if not 0 <= c <= 53:
            raise ValueError("card code out of range: %r" % (c,))
        if c in JOKERS and c not in wild_codes:
            raise ValueError("joker without a wild setting")


def _five_strength(five, rules, wild_codes, bug):
    naturals = [c for c in five if c not in wild_codes]
    n_wild = 5 - len(naturals)
    if n_wild == 0:
        return _natural_five_strength(five, rules)
    nat_ranks = tuple(sorted(c // 4 for c in naturals))
    nat_one_suit = len({c % 4 for c in naturals}) <= 1
    return _wild_five_strength(nat_ranks, nat_one_suit, n_wild, bug, rules)


def strength(cards, rules="high", wild=None):
    """Dense SPEC strength of the best five of 5..9 cards (higher = better).

    ace-to-five-8 gives -1 when no five qualify.  ``cards`` may be codes or text.
    """
    rules = canonical(rules)
    cards = _as_codes(cards)
    wild_codes, bug = _wild_setting(wild)
    _check_cards(cards, wild_codes)
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
        for subs in combinations_with_replacement(range(52), n_wild):
            result = naturals + subs
            ranks = [c // 4 for c in result]
            five_of_a_kind = len(set(ranks)) == 1
            if five_of_a_kind:
                if rules != "high":
                    continue
            elif len(set(result)) != 5:
                continue  # a wild repeated a natural card or another wild
            flush = not five_of_a_kind and len({c % 4 for c in result}) == 1
            if bug and rules == "high" and any(c // 4 != ACE for c in subs):
                if not (flush or _is_straight_high(ranks)):
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
    _check_cards(hole + board, wild_codes, lo=5, hi=11)
    if len(hole) < 2 or len(board) < 3:
        raise ValueError("omaha needs at least 2 hole and 3 board cards")
    return max(_five_strength(h + b, rules, wild_codes, bug)
               for h in combinations(hole, 2) for b in combinations(board, 3))


# --------------------------------------------------------------------------
# Category and description
# --------------------------------------------------------------------------

def category_of_strength(s, rules="high"):
    """Category int (0..10) of a dense strength; None for -1 under ace-to-five-8."""
    rules = canonical(rules)
    if s == -1 and rules == "ace-to-five-8":
        return None
    return _TABLES[rules][1][s][0]


def describe_strength(s, rules="high"):
    """Plain-English name of a dense strength, in the SPEC forms."""
    rules = canonical(rules)
    if rules == "ace-to-five-8" and s == -1:
        return "No low"
    category, tiebreak = _TABLES[rules][1][s]
    ace_low = _RULE_SPEC[rules]["ace_low"]
    ranks = [_rank_from_value(v, ace_low) for v in tiebreak]
    word = [RANK_WORDS[r] for r in ranks]
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
    if rules == "high":
        return "%s-high" % word[0]
    return "%s-%s low" % (word[0], word[1].lower())


def category(cards, rules="high", wild=None):
    """Category int of the best five (None: no 8-or-better low)."""
    return category_of_strength(strength(cards, rules, wild), rules)


def describe(cards, rules="high", wild=None):
    """Plain-English name of the best five, e.g. "Full house, threes over sixes"."""
    return describe_strength(strength(cards, rules, wild), rules)


# --------------------------------------------------------------------------
# Games and showdowns (SPEC "Games, showdown and equity")
# --------------------------------------------------------------------------

# name: (hole, board, "any" | "omaha", high rules or None, low rules or None, wild)
GAMES = {
    "holdem": (2, 5, "any", "high", None, None),
    "omaha": (4, 5, "omaha", "high", None, None),
    "omaha5": (5, 5, "omaha", "high", None, None),
    "omaha6": (6, 5, "omaha", "high", None, None),
    "omaha8": (4, 5, "omaha", "high", "ace-to-five-8", None),
    "stud": (7, 0, "any", "high", None, None),
    "stud8": (7, 0, "any", "high", "ace-to-five-8", None),
    "razz": (7, 0, "any", None, "ace-to-five", None),
    "draw": (5, 0, "any", "high", None, None),
    "draw-joker": (5, 0, "any", "high", None, "bug"),
    "lowball": (5, 0, "any", None, "ace-to-five", "bug"),
    "2-7-draw": (5, 0, "any", None, "deuce-to-seven", None),
    "a6-draw": (5, 0, "any", None, "ace-to-six", None),
}


def game_spec(game):
    """(hole, board, select, high, low, wild) of a game: a name in GAMES, or
    such a tuple itself (a custom game)."""
    return GAMES[game] if isinstance(game, str) else tuple(game)


def game_strength(game, hole, board, rules):
    """A player's strength in a game under one rule set (one half)."""
    _, _, select, _, _, wild = game_spec(game)
    hole, board = _as_codes(hole), _as_codes(board)
    if select == "omaha":
        return omaha_strength(hole, board, rules, wild)
    return strength(hole + board, rules, wild)


def showdown(game, hands, board=()):
    """Each player's pot share, straight from the rules: the high half to the
    best high hands (shared on ties); the low half to the best qualifying lows;
    no qualifying low: the high takes all; a game with one half gives it all."""
    _, _, _, high, low, _ = game_spec(game)
    n = len(hands)
    shares = [0.0] * n
    hi = [game_strength(game, h, board, high) for h in hands] if high else None
    lo = [game_strength(game, h, board, low) for h in hands] if low else None
    low_winners = []
    if lo is not None and max(lo) >= 0:
        low_winners = [i for i in range(n) if lo[i] == max(lo)]
    high_pot = 1.0 if not low_winners else (0.5 if high else 0.0)
    if high:
        best = max(hi)
        high_winners = [i for i in range(n) if hi[i] == best]
        for i in high_winners:
            shares[i] += high_pot / len(high_winners)
    for i in low_winners:
        shares[i] += (1.0 - high_pot) / len(low_winners)
    return shares


def equity(game, hands, board=(), dead=()):
    """Exact equity by brute force: every completion of the board, then of each
    player's missing hole cards, from the deck left over; each deal's pot
    shares from ``showdown``.  Returns (equity list, wins, ties, deals) where a
    win is a whole pot and a tie any part of one."""
    hole, nboard, _, _, _, wild = game_spec(game)
    hands = [_as_codes(h) if h is not None else [] for h in hands]
    board = _as_codes(board)
    dead = _as_codes(dead)
    deck = [c for c in range(53 if wild else 52)
            if c not in set(board) | set(dead) | {c for h in hands for c in h}]
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

    for extra in combinations(deck, nboard - len(board)):
        full_board = board + list(extra)
        deal_players(0, [c for c in deck if c not in extra], [])
    return [t / deals for t in totals], wins, ties, deals
