"""An independent settle: the chips each player wins, written from the rules
(docs/games.rst, "Settling a pot") in plain Python, chip layer by chip
layer, for tests/test_settle.py to compare hr.settle with.

Each hand's strength comes from hr.evaluate / hr.evaluate_omaha under the
half's rule set (tested on their own); everything else -- uncalled chips, side pots, which contenders
win each half (each Half's qualifier and "nobody qualifies" rule, read
from the Game), boards, odd chips -- is done here without the C code.

``odd_mode="spread"`` gives a split's odd chips one at a time to the first
winners in the odd-chip order (handrank's rule); ``"first"`` gives them
all to the first (pokerkit's rule).
"""
from __future__ import annotations

import handrank as hr


def _order(players, button, odd_chip, hole_codes):
    """Every seat, in the order odd chips go."""
    if odd_chip == "high-card":
        return sorted(range(players), key=lambda p: -max(hole_codes[p]) if hole_codes[p] else 1)
    start = 0 if button is None else button + 1
    return [(start + j) % players for j in range(players)]


def _half_winners(strengths, contenders, threshold):
    best = max((strengths[p] for p in contenders), default=-1)
    if best < max(threshold, 0):
        return []
    return [p for p in contenders if strengths[p] == best]


def _pay(amount, winners, order, won, odd_mode):
    ws = [p for p in order if p in winners]
    each, odd = divmod(amount, len(ws))
    for i, p in enumerate(ws):
        won[p] += each
        if odd_mode == "spread":
            won[p] += 1 if i < odd else 0
        elif i == 0:
            won[p] += odd


def settle_ref(game, hands, board, contributions, folded=None, button=None,
               odd_chip="button", odd_mode="spread", dead=None):
    players = len(hands)
    folded = list(folded) if folded is not None else [False] * players
    g = hr.get_game(game).for_players(players)
    c = list(contributions)
    # dead chips (antes): out of the layers, into a pot every live player contests
    dead = list(dead) if dead is not None else [0] * players
    c = [x - d for x, d in zip(c, dead)]
    dead_pot = sum(dead)
    won = [0] * players
    # uncalled chips: the biggest contributor gets back what nobody matched
    top = max(range(players), key=lambda p: (c[p], -p))
    second = max([c[p] for p in range(players) if p != top], default=0)
    won[top] += c[top] - second
    c[top] = second
    live = [p for p in range(players) if not folded[p]]
    assert live
    if len(live) == 1:
        won[live[0]] += sum(c) + dead_pot
        return won
    # each live player's strength for each half on each board, valued here
    # card by card (hr.evaluate / hr.evaluate_omaha under the half's rules;
    # folded: -1); the half's own qualifier is applied below
    nb = g.boards
    boards = hr.board_lists(g, board) if hasattr(hr, "board_lists") else None
    if boards is None:
        from handrank.games import board_lists
        boards = board_lists(g, board)
    strength = []
    for b in range(nb):
        per = []
        for half in g.halves:
            row = [-1] * players
            for p in live:
                hole = hr.parse(hands[p]).tolist() if isinstance(hands[p], str) else list(hands[p])
                if half.select == "omaha":
                    v = hr.evaluate_omaha(hole, boards[b], rules=half.rules)
                else:
                    v = hr.evaluate(hole + boards[b], rules=half.rules)
                row[p] = int(v)
            per.append(row)
        strength.append(per)
    codes = [hr.parse(h).tolist() if (not folded[p] and isinstance(h, str)) else
             (list(h) if not folded[p] else []) for p, h in enumerate(hands)]
    order = _order(players, button, odd_chip, codes)
    # chip layers: between consecutive contribution values of anyone; each
    # layer's contenders are the live players who reached its top; a layer
    # with the same contenders as the pot below joins it, and chips that no
    # live player reached (folds no legal betting allows) join the last pot
    values = sorted(set(c) | {0})
    pots = []                                  # [amount, contenders]
    orphans = 0
    for lo, hi in zip(values, values[1:]):
        amount = sum(min(x, hi) - min(x, lo) for x in c)
        cont = frozenset(p for p in live if c[p] >= hi)
        if not cont:
            orphans += amount
        elif pots and pots[-1][1] == cont:
            pots[-1][0] += amount
        else:
            pots.append([amount, cont])
    if orphans:
        if not pots:
            top_live = max(c[p] for p in live)
            pots.append([0, frozenset(p for p in live if c[p] == top_live)])
        pots[-1][0] += orphans
    if dead_pot:
        if pots and pots[0][1] == frozenset(live):
            pots[0][0] += dead_pot
        else:
            pots.insert(0, [dead_pot, frozenset(live)])
    for amount, cont in pots:
        cont = sorted(cont)
        per_board, extra = divmod(amount, nb)
        for b in range(nb):
            part = per_board + (1 if b < extra else 0)
            won_halves = []
            for hi, half in enumerate(g.halves):
                thr = half.qualifier_strength if half.qualifier_strength is not None else 0
                w = _half_winners(strength[b][hi], cont, thr)
                won_halves.append(w)
            if not any(won_halves):
                for hi, half in enumerate(g.halves):
                    if half.unqualified == "ignore":
                        won_halves[hi] = _half_winners(strength[b][hi], cont, 0)
            taken = [w for w in won_halves if w]
            if not taken:
                _pay(part, cont, order, won, odd_mode)
                continue
            each, odd = divmod(part, len(taken))
            for i, w in enumerate(taken):
                _pay(each + (1 if i < odd else 0), w, order, won, odd_mode)
    return won
