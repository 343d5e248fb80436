"""The one transformer from Lark parse trees to :mod:`syntax` nodes.

Method names mirror the rule names (and aliases) of ``wr.lark``.
"""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, v_args

from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Span

__all__ = ["ToSyntax"]

_TIMING_KINDS = ("passive", "on_build", "end_of_turn", "each_end_of_turn", "each_end_of_age",
                 "end_of_game")


def _token_span(path: str, tok: Token) -> Span:
    return Span(path, tok.line, tok.column, tok.end_line, tok.end_column)


@v_args(meta=True)
class ToSyntax(Transformer):
    """Build syntax nodes; `path` is recorded in every span."""

    def __init__(self, path: str) -> None:
        super().__init__(visit_tokens=False)
        self.path = path

    # ---- helpers ---------------------------------------------------------------------------
    def _span(self, meta: Any) -> Span:
        if getattr(meta, "empty", True):
            return Span(self.path, 1, 1, 1, 1)
        return Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)

    def _name(self, tok: Token) -> s.Name:
        return s.Name(str(tok), _token_span(self.path, tok))

    def _text(self, tok: Token) -> s.Text:
        return s.Text(str(tok)[1:-1], _token_span(self.path, tok))

    @staticmethod
    def _of(children: list, kind: type) -> list:
        return [c for c in children if isinstance(c, kind)]

    def _tokens(self, children: list, type_: str) -> list[Token]:
        return [c for c in children if isinstance(c, Token) and c.type == type_]

    # ---- file and header ---------------------------------------------------------------------
    def start(self, meta, children):
        header, *items = children
        return s.Ruleset(self.path, header, tuple(items), self._span(meta))

    def header(self, meta, children):
        name = self._name(children[0])
        title = None
        edition = None
        extends: tuple[s.Name, ...] = ()
        for c in children[1:]:
            if isinstance(c, Token) and c.type == "STRING":
                title = self._text(c)
            elif isinstance(c, tuple) and c and c[0] == "edition":
                edition = c[1]
            elif isinstance(c, tuple) and c and c[0] == "extends":
                extends = c[1]
        return s.Header(name, title, edition, extends, self._span(meta))

    def edition(self, meta, children):
        return ("edition", int(children[0]))

    def extends(self, meta, children):
        return ("extends", children[0])

    def name_list(self, meta, children):
        return tuple(self._name(t) for t in children)

    def string_list(self, meta, children):
        return tuple(self._text(t) for t in children)

    # ---- vocabulary --------------------------------------------------------------------------
    def resources(self, meta, children):
        return s.Resources(self._name(children[0]), children[1], self._span(meta))

    def symbols(self, meta, children):
        return s.Symbols(self._name(children[0]), children[1], self._span(meta))

    def tokens(self, meta, children):
        return s.Tokens(children[0], self._span(meta))

    def colours(self, meta, children):
        return s.Colours(tuple(children), self._span(meta))

    def colour(self, meta, children):
        cat = self._name(children[1]) if len(children) > 1 else None
        return s.Colour(self._name(children[0]), cat, self._span(meta))

    # ---- game --------------------------------------------------------------------------------
    def game(self, meta, children):
        return s.Game(tuple(children), self._span(meta))

    def override_setting(self, meta, children):
        return s.Setting(children[0], True, self._span(meta))

    def plain_setting(self, meta, children):
        return s.Setting(children[0], False, self._span(meta))

    def when(self, meta, children):
        players, *settings = children
        return s.When(players, tuple(settings), self._span(meta))

    def players(self, meta, children):
        return s.Players(children[0].ranges, self._span(meta))

    def player_counts(self, meta, children):
        return s.Players(tuple(children), self._span(meta))

    def player_range(self, meta, children):
        lo = int(children[0])
        hi = int(children[1]) if len(children) > 1 else lo
        return (lo, hi)

    def start_coins(self, meta, children):
        return s.StartCoins(int(children[0]), self._span(meta))

    def ages(self, meta, children):
        return s.Ages(int(children[0]), self._span(meta))

    def hand(self, meta, children):
        return s.Hand(children[0], self._span(meta))

    def turns(self, meta, children):
        return s.Turns(children[0], self._span(meta))

    def pass_directions(self, meta, children):
        return s.PassDirections(tuple(children), self._span(meta))

    def direction(self, meta, children):
        return self._name(children[0])

    def sell(self, meta, children):
        return s.Sell(int(children[0]), self._span(meta))

    def trade_price(self, meta, children):
        return s.TradePrice(int(children[0]), self._span(meta))

    def neighbours_sell(self, meta, children):
        return s.NeighboursSell(children[0], self._span(meta))

    def stages_score(self, meta, children):
        return s.StagesScore(self._name(children[0]), self._span(meta))

    def pool_draw(self, meta, children):
        pool, count, age = children
        return s.PoolDraw(self._name(pool), count, age, self._span(meta))

    def one_age(self, meta, children):
        return int(children[0])

    def each_age(self, meta, children):
        return None

    def tie_break(self, meta, children):
        return s.TieBreak(children[0], self._span(meta))

    def order(self, meta, children):
        timing, *steps = children
        return s.Order(timing, tuple(steps), self._span(meta))

    def step(self, meta, children):
        return self._name(children[0])

    def neutral(self, meta, children):
        name, *clauses = children
        return s.Neutral(self._text(name), tuple(clauses), self._span(meta))

    def dealt_pile(self, meta, children):
        return s.NeutralClause("dealt_pile", (), self._span(meta))

    def control_starts(self, meta, children):
        return s.NeutralClause("control_starts", tuple(children), self._span(meta))

    def controller_draws(self, meta, children):
        return s.NeutralClause("controller_draws", (int(children[0]),), self._span(meta))

    def must_chain(self, meta, children):
        return s.NeutralClause("must_chain", (), self._span(meta))

    def sells_only_when_hand_unplayable(self, meta, children):
        return s.NeutralClause("sells_only_when_hand_unplayable", (), self._span(meta))

    def never_wins(self, meta, children):
        return s.NeutralClause("never_wins", (), self._span(meta))

    def option(self, meta, children):
        name = self._name(children[0])
        rest = children[1:]
        title = None
        if rest and isinstance(rest[0], Token) and rest[0].type == "STRING":
            title = self._text(rest[0])
            rest = rest[1:]
        return s.Option(name, title, tuple(rest), self._span(meta))

    def teams(self, meta, children):
        return s.Teams(int(children[0]), self._span(meta))

    def winner(self, meta, children):
        return s.Winner(children[0], self._span(meta))

    def winner_mode(self, meta, children):
        return str(children[0])

    # ---- scoring and conflicts ---------------------------------------------------------------
    def scoring(self, meta, children):
        return s.Scoring(tuple(children), self._span(meta))

    def override(self, meta, children):
        return "override"

    def replace(self, meta, children):
        return "replace"

    def category(self, meta, children):
        override = bool(children) and children[0] == "override"
        if override:
            children = children[1:]
        name = self._name(children[0])
        formula = None
        placement = None
        for c in children[1:]:
            if isinstance(c, tuple) and c and c[0] in ("after", "before"):
                placement = c
            else:
                formula = c
        return s.Category(name, formula, placement, override, self._span(meta))

    def after(self, meta, children):
        return ("after", self._name(children[0]))

    def before(self, meta, children):
        return ("before", self._name(children[0]))

    def conflict(self, meta, children):
        override = bool(children) and children[0] == "override"
        if override:
            children = children[1:]
        return s.Conflict(self._name(children[0]), tuple(children[1:]), override, self._span(meta))

    def strength(self, meta, children):
        return s.ConflictClause("strength", expr=children[0], span=self._span(meta))

    def sit_out(self, meta, children):
        return s.ConflictClause("sit_out", token=self._name(children[0]),
                                numbers=(int(children[1]),), span=self._span(meta))

    def pairs(self, meta, children):
        return s.ConflictClause("pairs", flag=bool(children), span=self._span(meta))

    def except_partners(self, meta, children):
        return True

    def token_count(self, meta, children):
        return s.ConflictClause("token_count", numbers=(int(children[0]),), span=self._span(meta))

    def reduced_tokens(self, meta, children):
        return s.ConflictClause("reduced_tokens", token=self._name(children[0]),
                                numbers=(int(children[1]), int(children[2])), span=self._span(meta))

    def win(self, meta, children):
        return s.ConflictClause("win", token=self._name(children[0]),
                                numbers=tuple(children[1:]), span=self._span(meta))

    def lose(self, meta, children):
        return s.ConflictClause("lose", token=self._name(children[0]),
                                numbers=(children[1],), span=self._span(meta))

    def signed(self, meta, children):
        sign = -1 if len(children) == 2 and str(children[0]) == "-" else 1
        return sign * int(children[-1])

    # ---- cards and wonders -------------------------------------------------------------------
    def card(self, meta, children):
        replace = children[0] == "replace"
        if replace:
            children = children[1:]
        name_tok, age_tok, colour_tok, *rest = children
        attrs_ = tuple(c for c in rest if not isinstance(c, s.Hook))
        hooks = tuple(c for c in rest if isinstance(c, s.Hook))
        return s.Card(self._text(name_tok), int(age_tok), self._name(colour_tok), attrs_, hooks,
                      replace, self._span(meta), _token_span(self.path, age_tok))

    def cost(self, meta, children):
        return s.Cost(tuple(children), self._span(meta))

    def resource_cost(self, meta, children):
        if len(children) == 2:
            return s.CostItem(int(children[0]), self._name(children[1]), self._span(meta))
        return s.CostItem(1, self._name(children[0]), self._span(meta))

    def coin_cost(self, meta, children):
        return s.CostItem(int(children[0]), None, self._span(meta))

    def chain_from(self, meta, children):
        return s.ChainFrom(children[0], self._span(meta))

    def chain_to(self, meta, children):
        return s.ChainTo(children[0], self._span(meta))

    def copies(self, meta, children):
        return s.Copies(tuple(children), self._span(meta))

    def copy_mark(self, meta, children):
        return int(children[0])

    def pool(self, meta, children):
        return s.Pool(self._name(children[0]), self._span(meta))

    def aliases(self, meta, children):
        return s.Aliases(children[0], self._span(meta))

    def wonder(self, meta, children):
        replace = children[0] == "replace"
        if replace:
            children = children[1:]
        name = self._text(children[0])
        rest = children[1:]
        title = None
        if isinstance(rest[0], s.Text):
            title, rest = rest[0], rest[1:]
        side = self._name(rest[0])
        start = rest[1]
        stages = tuple(rest[2:])
        return s.Wonder(name, title, side, start, stages, replace, self._span(meta))

    def called(self, meta, children):
        return self._text(children[0])

    def start_resource(self, meta, children):
        return self._name(children[0])

    def stage(self, meta, children):
        cost = children[0] if children and isinstance(children[0], s.Cost) else None
        hooks = tuple(c for c in children if isinstance(c, s.Hook))
        return s.Stage(cost, hooks, self._span(meta))

    def remove_card(self, meta, children):
        age = int(children[1]) if len(children) > 1 else None
        return s.RemoveCard(self._text(children[0]), age, self._span(meta))

    def remove_wonder(self, meta, children):
        return s.RemoveWonder(self._text(children[0]), self._name(children[1]), self._span(meta))

    # ---- hooks and timings -------------------------------------------------------------------
    def hook(self, meta, children):
        return s.Hook(children[0], children[1], self._span(meta))

    def _timing(kind):  # noqa: N805 - a small factory for the simple timings
        def method(self, meta, children):
            return s.Timing(kind, span=self._span(meta))
        method.__name__ = kind
        return method

    passive = _timing("passive")
    on_build = _timing("on_build")
    end_of_turn = _timing("end_of_turn")
    each_end_of_turn = _timing("each_end_of_turn")
    each_end_of_age = _timing("each_end_of_age")
    end_of_game = _timing("end_of_game")
    del _timing

    def whenever_builds(self, meta, children):
        scopes = children[0]
        colours = children[1] if len(children) > 1 else ()
        return s.Timing("whenever_builds", scopes, colours, self._span(meta))

    def scope_list(self, meta, children):
        return tuple(children)

    def scope(self, meta, children):
        text = " ".join(str(c) for c in children)
        first, last = children[0], children[-1]
        return s.Name(text, Span(self.path, first.line, first.column, last.end_line, last.end_column))

    def side_list(self, meta, children):
        return tuple(children)

    def targets(self, meta, children):
        return ("targets", children[0])

    # ---- effects -----------------------------------------------------------------------------
    def _split(self, children):
        """Separate an optional leading `targets` tuple from the rest."""
        if children and isinstance(children[0], tuple) and children[0] and children[0][0] == "targets":
            return children[0][1], children[1:]
        return (), children

    def alternatives(self, meta, children):
        return tuple(self._name(t) for t in children)

    def not_for_sale(self, meta, children):
        return "not_for_sale"

    def negated(self, meta, children):
        return "negated"

    def produce(self, meta, children):
        amount = 1
        for_sale = "not_for_sale" not in children
        options: tuple = ()
        for c in children:
            if isinstance(c, Token) and c.type == "INT":
                amount = int(c)
            elif isinstance(c, tuple):
                options = c
        return s.Produce(amount, options, for_sale, self._span(meta))

    def produce_derived(self, meta, children):
        missing = "negated" in children
        for_sale = "not_for_sale" not in children
        sources = next(c for c in children if isinstance(c, tuple))
        return s.ProduceDerived(missing, sources, for_sale, self._span(meta))

    def symbol(self, meta, children):
        amount = 1
        options: tuple = ()
        for c in children:
            if isinstance(c, Token):
                amount = int(c)
            else:
                options = c
        return s.Symbol(amount, options, self._span(meta))

    def symbol_any(self, meta, children):
        return s.SymbolAny(self._name(children[0]), self._span(meta))

    def gain_coins(self, meta, children):
        targets, rest = self._split(children)
        per = rest[1] if len(rest) > 1 else None
        return s.GainCoins(targets, int(rest[0]), per, self._span(meta))

    def gain_tokens(self, meta, children):
        targets, rest = self._split(children)
        worth = rest[2] if len(rest) > 2 else None
        return s.GainTokens(targets, int(rest[0]), self._name(rest[1]), worth, self._span(meta))

    def worth(self, meta, children):
        return children[0]

    def lose_coins(self, meta, children):
        targets, rest = self._split(children)
        amount = int(rest[0])
        per = next((c for c in rest[1:] if isinstance(c, s.Per)), None)
        or_take = next((c for c in rest[1:] if isinstance(c, s.Name)), None)
        return s.LoseCoins(targets, amount, per, or_take, self._span(meta))

    def or_take(self, meta, children):
        return self._name(children[0])

    def score(self, meta, children):
        per = children[1] if len(children) > 1 else None
        return s.Score(children[0], per, self._span(meta))

    def trade_price_effect(self, meta, children):
        return s.TradePriceEffect(children[0], children[1], int(children[2]), self._span(meta))

    def trade_rebate(self, meta, children):
        return s.TradeRebate(children[0], int(children[1]), self._span(meta))

    def free_build(self, meta, children):
        return s.FreeBuild(children[0] if children else (), self._span(meta))

    def only_colours(self, meta, children):
        return children[0]

    def play_last_card(self, meta, children):
        return s.PlayLastCard(self._span(meta))

    def free_stage_resources(self, meta, children):
        return s.FreeStageResources(self._span(meta))

    def build_from_discard(self, meta, children):
        return s.BuildFromDiscard(int(children[0]), self._span(meta))

    def copy_card(self, meta, children):
        return s.CopyCard(int(children[0]), children[1], children[2], self._span(meta))

    def copy_symbol(self, meta, children):
        return s.CopySymbol(int(children[0]), children[1], children[2], self._span(meta))

    def per(self, meta, children):
        countable, scopes = children[0], children[1]
        self_count = children[2] if len(children) > 2 else None
        return s.Per(countable, scopes, self_count, self._span(meta))

    def self_count(self, meta, children):
        return str(children[1])

    def count_cards(self, meta, children):
        return s.Countable("cards", children[0], self._span(meta))

    def count_any_cards(self, meta, children):
        return s.Countable("any_cards", (), self._span(meta))

    def count_stages(self, meta, children):
        return s.Countable("stages", (), self._span(meta))

    def count_tokens(self, meta, children):
        return s.Countable("tokens", children[0], self._span(meta))

    def count_symbols(self, meta, children):
        return s.Countable("symbols", children[0], self._span(meta))

    # ---- expressions -------------------------------------------------------------------------
    def number(self, meta, children):
        return s.Number(int(children[0]), self._span(meta))

    def neg(self, meta, children):
        return s.Neg(children[0], self._span(meta))

    def _binop(op):  # noqa: N805
        def method(self, meta, children):
            return s.BinOp(op, children[0], children[1], self._span(meta))
        return method

    add = _binop("+")
    sub = _binop("-")
    mul = _binop("*")
    div = _binop("/")
    del _binop

    def name_ref(self, meta, children):
        name = self._name(children[0])
        return s.NameRef(name, name.span)

    def call(self, meta, children):
        func = self._name(children[0])
        args = tuple(c for c in children[1:] if c is not None)
        return s.Call(func, args, self._span(meta))
