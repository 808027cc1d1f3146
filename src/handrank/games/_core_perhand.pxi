# _core_perhand.pxi: part of handrank._core (included by _core.pyx, which holds the
# cimports; the C declarations are in _core.pxd).
#
# the per-hand paths of the calls a game engine makes once per hand (issue
# 37): showdown, winners, game_strengths, compare and evaluate_omaha of one
# deal, read from short text or lists of codes straight into C buffers and
# valued by the same C code as the batch paths.  Each returns None for
# anything outside its precondition, bad cards included: the general path
# (handrank.games._showdown) then answers, and explains every error, so the
# two can never disagree on an error.

cdef class _SdGame:
    """What the per-hand showdown paths need of one game name."""
    cdef object game          # the Game the name stood for then
    cdef object base          # a double-board game's one-board game, by its name bkey
    cdef str bkey
    cdef GameTables tables
    cdef int most             # the most players taken (for_players(p) is the game itself)
    cdef int hole, board
    cdef int boards           # 1, or 2 (a double-board game: showdown alone takes it)
    cdef int nnames           # len(game.half_names)
    cdef int hidx[4]          # each half name's half, or -1 (a half the game lacks)


cdef dict _SD_GAMES = {}
cdef object _SD_NAMES = {}            # handrank.games._games.GAME_BY_NAME
cdef dict _PERHAND_GENERAL = {}       # call name -> the general Python function


def perhand_setup(object names, dict general):
    """The registry of game names (read at every call, so that a name
    registered again is seen) and the general functions the public entries
    fall back to (``{"showdown": f, ...}``; handrank.games._showdown sets these)."""
    global _SD_NAMES
    _SD_NAMES = names
    _PERHAND_GENERAL.update(general)


def perhand_general(str name, object general):
    """Set the general function the public entry ``name`` falls back to
    (``best_five``: handrank.evaluation._breakdown sets it)."""
    _PERHAND_GENERAL[name] = general


def showdown_game(str key, object game, GameTables tables, int most, tuple hidx,
                  object base=None):
    """Let the per-hand showdown paths take game name ``key`` while the
    registry maps it to ``game`` (one board, or two: showdown alone takes a
    double-board game; ``most`` players at most, 0: never; ``hidx`` the half
    of each of ``game.half_names``, -1 for none).  A double-board game is
    no name of the registry: ``key`` is its one-board game's name and
    "-double-board", ``base`` that game (whose double_board() ``game`` is),
    and the name stands for ``game`` while the registry maps the base name
    to ``base`` and ``base`` still keeps ``game`` as its double-board form."""
    cdef _SdGame e = _SdGame.__new__(_SdGame)
    cdef int i
    if not 0 <= most <= 23 or not 1 <= len(hidx) <= 4 or not 1 <= tables.g.boards <= 2 or \
            tables.g.boards * tables.g.board > MAX_FAST:
        raise ValueError("showdown_game: 0..23 players, 1..4 half names, one or two boards")
    if (tables.g.boards == 2) != (base is not None):
        raise ValueError("showdown_game: a double-board game and its base go together")
    e.game, e.tables, e.most = game, tables, most
    e.base = base
    e.bkey = key[:len(key) - 13] if base is not None else None     # "-double-board"
    e.hole, e.board, e.nnames = tables.g.hole, tables.g.board, len(hidx)
    e.boards = tables.g.boards
    for i in range(e.nnames):
        e.hidx[i] = hidx[i]
    if len(_SD_GAMES) >= FAST_GAMES_MAX:
        _SD_GAMES.clear()
    _SD_GAMES[key] = e


cdef inline _SdGame _sd_game(object game):
    """The entry of game name ``game``, or None (not a str, not given, or
    the registry maps the name to another game now)."""
    if type(game) is not str:
        return None
    entry = _SD_GAMES.get(game)
    if entry is None:
        return None
    e = <_SdGame>entry
    if e.base is None:
        if _SD_NAMES.get(game) is not e.game:
            return None
    elif _SD_NAMES.get(e.bkey) is not e.base or \
            (<dict>e.base.__dict__).get("_double") is not e.game:
        return None                  # (get_game's double_board(): the cached _double)
    return e


cdef int _sd_load(_SdGame e, object hands, object board, uint8_t *holes,
                  uint8_t *bd) except -2:
    """The players of one deal read into holes (players x hole) and bd (the
    board), or -1 when the deal is not 1..most hands (a list or tuple, each
    all of a player's cards as plain text or a list or tuple of int codes)
    and exactly the game's board (same forms; None or "" for none; a
    double-board game's two boards one after the other in bd, given as a
    list or tuple of two boards of those forms, or as text with one "|"
    between them), or a card repeats or is off the game's deck
    (hr_deal_valid)."""
    cdef int P, p, H = e.hole
    if type(hands) is not list and type(hands) is not tuple:
        return -1
    P = <int>len(hands)
    if P < 1 or P > e.most:
        return -1
    for p in range(P):
        if _cards_of(hands[p], holes + p * H, H) != H:
            return -1
    if e.boards == 1:
        if _cards_of(board, bd, e.board) != e.board:
            return -1
    else:
        if type(board) is str:
            board = (<str>board).split("|")          # as board_lists splits it
        if (type(board) is not list and type(board) is not tuple) or len(board) != 2:
            return -1
        for p in range(2):
            b = board[p]
            if type(b) is not str and type(b) is not list and type(b) is not tuple:
                return -1                            # (board_lists takes more: general path)
            if _cards_of(b, bd + p * e.board, e.board) != e.board:
                return -1
    if not hr_deal_valid(&e.tables.g, holes, bd, P):
        return -1
    return P


cdef inline bint _threads_ok(object threads):
    """threads None or an int >= 1 (one deal runs on this thread either way)."""
    return threads is None or (type(threads) is int and threads >= 1)


def showdown(game, hands, board=None, *, threads=None, like=None):
    if like is None and _threads_ok(threads):
        r = _showdown_fast(game, hands, board)
        if r is not None:
            return r
    return _PERHAND_GENERAL["showdown"](game, hands, board, threads=threads, like=like)


def showdown_fast(game, hands, board):
    """_showdown_fast from Python (for the tests): the shares, or None."""
    return _showdown_fast(game, hands, board)


cdef object _showdown_fast(object game, object hands, object board):
    """showdown's per-hand path.  Precondition, checked here (see _sd_load):
    a game name given to showdown_game (one board or two, players the game
    deals to without sharing a card) and one plain deal (_sd_load); the caller has checked
    ``like`` None and ``threads`` None or an int >= 1.  hr_showdown of that
    one deal, as the general path calls it."""
    cdef _SdGame e = _sd_game(game)
    cdef uint8_t holes[23 * 16]
    cdef uint8_t bd[MAX_FAST]
    cdef double sh[23]
    cdef int P
    if e is None:
        return None
    P = _sd_load(e, hands, board, holes, bd)
    if P < 0:
        return None
    if hr_showdown(&e.tables.g, holes, bd, 1, P, sh, NULL, 0, 1) >= 0:
        return None
    return _copied(sh, (P,), _F64)


def game_strengths(game, hands, board=None, *, threads=None, like=None):
    if like is None and _threads_ok(threads):
        r = _strengths_fast(game, hands, board)
        if r is not None:
            return r
    return _PERHAND_GENERAL["game_strengths"](game, hands, board, threads=threads, like=like)


def game_strengths_fast(game, hands, board):
    """_strengths_fast from Python (for the tests)."""
    return _strengths_fast(game, hands, board)


cdef object _strengths_fast(object game, object hands, object board):
    """game_strengths' per-hand path: _showdown_fast's precondition, one
    board (a double-board game's strengths go to the general path);
    hr_showdown's strengths of every half (-1 below a qualifier), one
    int16 array per half name (all -1 for a half the game lacks)."""
    cdef _SdGame e = _sd_game(game)
    cdef uint8_t holes[23 * 16]
    cdef uint8_t bd[MAX_FAST]
    cdef int16_t st[4 * 23]
    cdef int16_t none[23]
    cdef int P, i, h
    if e is None or e.boards != 1:
        return None
    P = _sd_load(e, hands, board, holes, bd)
    if P < 0:
        return None
    if hr_showdown(&e.tables.g, holes, bd, 1, P, NULL, st, P, 1) >= 0:
        return None
    for i in range(P):
        none[i] = -1
    out = []
    for i in range(e.nnames):
        h = e.hidx[i]
        out.append(_copied(&st[h * P] if h >= 0 else none, (P,), _INT16))
    return tuple(out)


def winners(game, hands, board=None):
    r = _winners_fast(game, hands, board)
    if r is not None:
        return r
    return _PERHAND_GENERAL["winners"](game, hands, board)


def winners_fast(game, hands, board):
    """_winners_fast from Python (for the tests)."""
    return _winners_fast(game, hands, board)


cdef object _winners_fast(object game, object hands, object board):
    """winners' per-hand path: _showdown_fast's precondition, one board (a
    double-board game's winners, per board, go to the general path); hr_deal_winners
    of the deal, read as the general path reads it (one list per half name)."""
    cdef _SdGame e = _sd_game(game)
    cdef uint8_t holes[23 * 16]
    cdef uint8_t bd[MAX_FAST]
    cdef hr_award_t a
    cdef int P, i, h, p
    cdef list w
    if e is None or e.boards != 1:
        return None
    P = _sd_load(e, hands, board, holes, bd)
    if P < 0:
        return None
    hr_deal_winners(&e.tables.g, holes, bd, P, &a)
    out = []
    for i in range(e.nnames):
        h = e.hidx[i]
        w = []
        if h >= 0:
            for p in range(P):
                if a.n[h][p]:
                    w.append(p)
        out.append(w)
    return tuple(out)


# ------------------------------------------------------------------ compare

def compare(hands, rules="high", wild=None):
    r = _compare_fast(hands, rules, wild)
    if r is not None:
        return r
    return _PERHAND_GENERAL["compare"](hands, rules, wild)


def compare_fast(hands, rules, wild):
    """_compare_fast from Python (for the tests)."""
    return _compare_fast(hands, rules, wild)


cdef object _compare_fast(object hands, object rules, object wild):
    """compare's per-hand path.  Precondition, checked here: ``wild`` None,
    ``rules`` a rule-set name given to fast_rules (evaluate's), ``hands`` a
    list or tuple of 1..23 hands, each plain text or a list or tuple of int
    codes that evaluate's one-hand path values (RuleTables._one_c: the rule
    set's hand sizes, no card twice, every card in its deck).  The shares
    as the general path makes them from the same strengths."""
    cdef RuleTables tables
    cdef CompiledDeck deck
    cdef int16_t s[23]
    cdef double sh[23]
    cdef int P, p, ties = 0
    cdef int16_t best = -1
    if wild is not None or type(rules) is not str:
        return None
    if type(hands) is not list and type(hands) is not tuple:
        return None
    entry = _FAST_RULES.get(rules)
    if entry is None:
        return None
    P = <int>len(hands)
    if P < 1 or P > 23:
        return None
    tables = <RuleTables>(<tuple>entry)[0]
    deck = <CompiledDeck>(<tuple>entry)[1]
    for p in range(P):
        h = hands[p]
        if type(h) is not str and type(h) is not list and type(h) is not tuple:
            return None                  # (_one_c would take a 1-D array too)
        if not tables._one_c(h, &deck.d, &s[p]):
            return None
        if s[p] > best:
            best, ties = s[p], 1
        elif s[p] == best and best >= 0:
            ties += 1
    for p in range(P):
        sh[p] = 1.0 / ties if best >= 0 and s[p] == best else 0.0
    return _copied(sh, (P,), _F64)


# ----------------------------------------------------------- evaluate_omaha

cdef dict _OMAHA_FAST = {}           # rule-set name -> (RuleSet, {(hole, board): GameTables})
cdef object _RULE_NAMES = {}         # handrank.rules' RULES_BY_NAME


def omaha_fast_setup(object rule_names):
    """The registry of rule-set names evaluate_omaha's per-hand path reads."""
    global _RULE_NAMES
    _RULE_NAMES = rule_names
    _OMAHA_FAST.clear()


def omaha_game(str name, object rs, int hole, int board, GameTables tables):
    """Let evaluate_omaha's per-hand path take rule-set name ``name`` while
    the registry maps it to ``rs``, for hands of ``hole`` and boards of
    ``board`` cards: ``tables`` the compiled Omaha shape without wild cards."""
    entry = _OMAHA_FAST.get(name)
    if entry is None or (<tuple>entry)[0] is not rs:
        if len(_OMAHA_FAST) >= FAST_GAMES_MAX:
            _OMAHA_FAST.clear()
        entry = (rs, {})
        _OMAHA_FAST[name] = entry
    (<dict>(<tuple>entry)[1])[hole * 8 + board] = tables


def evaluate_omaha(hole, board, rules="high", wild=None, *, out=None, threads=None,
                   like=None):
    if wild is None and out is None and like is None and _threads_ok(threads):
        r = _omaha_fast(hole, board, rules)
        if r is not None:
            return r
    return _PERHAND_GENERAL["evaluate_omaha"](hole, board, rules, wild, out=out,
                                              threads=threads, like=like)


def evaluate_omaha_fast(hole, board, rules):
    """_omaha_fast from Python (for the tests)."""
    return _omaha_fast(hole, board, rules)


cdef object _omaha_fast(object hole, object board, object rules):
    """evaluate_omaha's per-hand path.  Precondition, checked here: ``rules``
    a name given to omaha_game that the registry still maps to the same
    rule set, for this many hole and board cards; one hand (plain text or a
    list or tuple of int codes) and one board (the same); the caller has
    checked wild, out and like None and threads None or an int >= 1.
    hr_eval_omaha of that one row, as the general path calls it; None when
    the row is bad (the general path explains it)."""
    cdef uint8_t h[MAX_FAST]
    cdef uint8_t bd[MAX_FAST]
    cdef int nh, nb
    cdef int16_t v
    cdef GameTables t
    if type(rules) is not str:
        return None
    entry = _OMAHA_FAST.get(rules)
    if entry is None or _RULE_NAMES.get(rules) is not (<tuple>entry)[0]:
        return None
    if type(hole) is not str and type(hole) is not list and type(hole) is not tuple:
        return None
    if type(board) is not str and type(board) is not list and type(board) is not tuple:
        return None
    nh = _cards_of(hole, h, 6)
    nb = _cards_of(board, bd, 5)
    if nh < 4 or nb < 3:
        return None
    tt = (<dict>(<tuple>entry)[1]).get(nh * 8 + nb)
    if tt is None:
        return None
    t = <GameTables>tt
    if hr_eval_omaha(&t.g, h, bd, 1, &v, 1) >= 0:
        return None
    return <long>v


# --------------------------------------------------------------- best_five

def best_five(cards, rules="high", wild=None, *, threads=None):
    if wild is None and _threads_ok(threads):
        r = _best_five_fast(cards, rules)
        if r is not None:
            return r
    return _PERHAND_GENERAL["best_five"](cards, rules, wild, threads=threads)


def best_five_fast(cards, rules):
    """_best_five_fast from Python (for the tests): the cards, or None."""
    return _best_five_fast(cards, rules)


cdef object _best_five_fast(object cards, object rules):
    """best_five's per-hand path.  Precondition, checked here: ``rules`` a
    rule-set name given to fast_rules (evaluate's: a registered name, its
    deck without wild cards, which is the deck the general path values
    with when ``wild`` is None) of a poker rule set (deff.kind 0: not
    badugi, which the general path answers from evaluate); one hand of
    plain text or a list or tuple of int codes, of the rule set's hand
    sizes; the caller has checked wild None and threads None or an int >=
    1.  hr_best_five of that one row, as the general path's best_five_one
    calls it; None when the row is bad (the general path explains it)."""
    cdef RuleTables tables
    cdef CompiledDeck deck
    cdef uint8_t buf[MAX_FAST]
    cdef uint8_t best[5]
    cdef int16_t strength
    cdef int k, i, play
    if type(rules) is not str:
        return None
    entry = _FAST_RULES.get(rules)
    if entry is None:
        return None
    tables = <RuleTables>(<tuple>entry)[0]
    deck = <CompiledDeck>(<tuple>entry)[1]
    if type(cards) is str:
        k = _parse_either(<str>cards, buf, MAX_FAST)
    elif type(cards) is list or type(cards) is tuple:
        k = _codes_plain(cards, buf, MAX_FAST)
    else:
        return None
    if tables.rule.deff.kind != 0 or k < tables.rule.kmin or k > tables.rule.kmax:
        return None
    if hr_best_five(&tables.rule, &deck.d, buf, 1, k, best, &strength, 1) >= 0:
        return None
    play = k if k < tables.rule.deff.n else tables.rule.deff.n
    if play == 5:                        # (a tuple display: built in place)
        return (<long>best[0], <long>best[1], <long>best[2], <long>best[3], <long>best[4])
    return tuple([<long>best[i] for i in range(play)])
