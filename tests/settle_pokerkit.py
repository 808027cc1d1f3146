"""Random all-in scenarios settled by pokerkit's own chip pushing, for
tests/test_settle.py and bench/bench_settle.py.

pokerkit (a peer library) is driven so that it pushes the chips of a known
deal: every player posts their whole stack as an ante (so they are all in
before any betting), except the players who are to fold and one live
player who keeps chips behind; that player bets the minimum and the others
fold (their antes stay in the pot).  The hole cards and the board are dealt
as given (burn cards are "??").  Each scenario returns what settle needs
(hands, board, contributions, folded) and each player's chips won
according to pokerkit: final stack minus what they had after posting.

Stud has a bring-in: pokerkit asks the player with the lowest door card or,
when that player is all in, the next player with chips behind.  Were that a
player who is to fold, their bring-in would be above what the live players
put in and pokerkit would burn it ("non-standard folds": a pot no live
player contests).  So the deal is redone with that seat's and the holder's
roles swapped (fold or not, ante, stack; the same seats have chips behind,
so the same seat acts first): the holder then acts first and completes the
bet instead of bringing in, the others fold, and the completion comes back
uncalled.

pokerkit's odd-chip rule gives all of a split's odd chips to the first
winner in seat order (seat 0 first); settle gives them one at a time (see
tests/settle_reference.py, ``odd_mode``).  pokerkit also splits a side pot
between high and low when any player at the showdown has a low, even when
none of that pot's contenders does (then every contender shares the low
half); ``low_quirk`` says when a scenario meets that case.
"""
from __future__ import annotations

import random
import warnings

import handrank as hr

RANKS = "23456789TJQKA"
SUITS = "cdhs"

#: handrank game -> (pokerkit class name, kind of create_state arguments)
GAMES = {
    "holdem": ("NoLimitTexasHoldem", "blinds"),
    "omaha": ("PotLimitOmahaHoldem", "blinds"),
    "omaha8": ("FixedLimitOmahaHoldemHighLowSplitEightOrBetter", "limit"),
    "stud": ("FixedLimitSevenCardStud", "stud"),
    "stud8": ("FixedLimitSevenCardStudHighLowSplitEightOrBetter", "stud"),
}


def text(code: int) -> str:
    return RANKS[code // 4] + SUITS[code % 4]


def _state(game: str, stacks, antes, players: int):
    import pokerkit as pk
    A = pk.Automation
    auto = (A.ANTE_POSTING, A.BET_COLLECTION, A.BLIND_OR_STRADDLE_POSTING,
            A.HOLE_CARDS_SHOWING_OR_MUCKING, A.HAND_KILLING)
    cls_name, kind = GAMES[game]
    cls = getattr(pk, cls_name)
    ante = dict(enumerate(antes))
    if kind == "blinds":
        return cls.create_state(auto, True, ante, (0, 0), 2, stacks, players)
    if kind == "limit":
        return cls.create_state(auto, True, ante, (0, 0), 2, 4, stacks, players)
    return cls.create_state(auto, True, ante, 1, 2, 4, stacks, players)


def scenario(rng: random.Random, game: str, players: int | None = None):
    """One random all-in deal settled by pokerkit: (hands as text, board
    text or None, contributions, folded, pokerkit's chips won)."""
    g = hr.get_game(game)
    # seven-card stud deals at most 7 x 7 = 49 of the 52 cards
    P = players or rng.randint(2, 7 if g.hole == 7 and not g.board else 9)
    deck = list(range(52))
    rng.shuffle(deck)
    hole = g.hole
    hands = [" ".join(text(x) for x in deck[i * hole:(i + 1) * hole]) for i in range(P)]
    rest = deck[P * hole:]
    board_codes = rest[:g.board]
    folded = [rng.random() < 0.25 for _ in range(P)]
    if all(folded):
        folded[rng.randrange(P)] = False
    levels = [rng.randint(1, 12) * rng.choice([1, 1, 5, 25]) for _ in range(3)]
    antes = [rng.choice(levels) + rng.choice([0, 0, 0, 1, 2, 3]) for _ in range(P)]
    # as in any legal betting, nobody folds having put in more than the
    # most any live player put in (pokerkit burns such chips: "non-standard
    # folds"; settle puts them in the last pot)
    top = max(antes[p] for p in range(P) if not folded[p])
    antes = [min(a, top) if folded[p] else a for p, a in enumerate(antes)]
    stacks = list(antes)
    holder = None
    if any(folded):
        holder = rng.choice([p for p in range(P) if not folded[p]])
        for p in range(P):
            if folded[p] or p == holder:
                stacks[p] = antes[p] + rng.randint(10, 40)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(2):
            st = _state(game, tuple(stacks), antes, P)
            if g.board:
                for i in range(P):
                    st.deal_hole(hands[i].replace(" ", ""))
                break
            cards = [hands[i].split() for i in range(P)]
            for street in range(3):                 # 2 down + 1 up
                for i in range(P):
                    st.deal_hole(cards[i][street])
            bring = st.actor_index if st.can_post_bring_in() else None
            if bring is None or not folded[bring]:
                break
            for v in (folded, antes, stacks):                          # see above
                v[bring], v[holder] = v[holder], v[bring]
            holder = bring
        else:
            raise AssertionError("the bring-in is still a folder's")
        at_push = None
        while st.status:
            if st.actor_index is not None:
                a = st.actor_index
                if folded[a] and st.can_fold():
                    st.fold()
                elif a == holder and st.can_complete_bet_or_raise_to() and \
                        any(folded[p] and st.statuses[p] for p in range(P)):
                    st.complete_bet_or_raise_to()
                elif st.can_post_bring_in():
                    st.post_bring_in()
                else:
                    st.check_or_call()
            elif st.can_push_chips():
                if at_push is None:
                    at_push = list(st.stacks)
                st.push_chips()
            elif st.can_pull_chips():
                st.pull_chips()
            elif st.can_burn_card():
                st.burn_card("??")
            elif st.can_deal_hole():
                i = st.hole_dealee_index              # folded players get no more cards
                st.deal_hole(hands[i].split()[len(st.hole_cards[i])])
            elif st.can_deal_board():
                n = 3 if not st.board_cards else 1
                done = len(st.board_cards)
                st.deal_board("".join(text(x) for x in board_codes[done:done + n]))
            else:
                raise AssertionError(f"pokerkit state stuck: {st}")
    # what each player put in: their stack before the hand less their stack
    # when the chips are pushed (an uncalled bet has come back by then)
    contributions = [stacks[p] - at_push[p] for p in range(P)]
    won = [st.stacks[p] - at_push[p] for p in range(P)]
    board = " ".join(text(x) for x in board_codes) if g.board else None
    return hands, board, contributions, folded, won


def low_quirk(game: str, hands, board, contributions, folded) -> bool:
    """Whether pokerkit's split of a pot would differ from settle's by its
    low-half quirk (module docstring): a pot of two or more contenders none
    of whom has a qualifying low, in a hand where a live player has one."""
    g = hr.get_game(game)
    if len(g.half_names) < 2:
        return False
    live = [p for p, f in enumerate(folded) if not f]
    if len(live) < 2:
        return False
    lows = hr.game_strengths(game, [hands[p] for p in live], board)[1].tolist()
    low = dict(zip(live, lows))
    if max(lows) < 0:
        return False
    for level in sorted({contributions[p] for p in live}):
        contenders = [p for p in live if contributions[p] >= level]
        if len(contenders) > 1 and max(low[p] for p in contenders) < 0:
            return True
    return False
