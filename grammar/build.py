"""The one transformer from Lark parse trees to :mod:`syntax` nodes.

Method names mirror the rule names (and aliases) of ``wr.lark``. Methods of the game's structure
(zones, deals, actions, the flow, contests, neutral seats) are in :class:`StructureBuilder`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lark import Token, Transformer, v_args
from lark.tree import Meta

from wonderrules.grammar import syntax as s
from wonderrules.grammar.build_structure import StructureBuilder
from wonderrules.grammar.diagnostics import Span

__all__ = ["ToSyntax", "MomentOverLines"]


class MomentOverLines(Exception):
    """The words of a moment run onto another line (`at start of turn` then `roud play` below it):
    a moment is written on one line, so the word on the next line was meant as something else."""

    def __init__(self, words: list[Token], first_on_next: Token) -> None:
        super().__init__(str(first_on_next))
        self.words = words
        self.first_on_next = first_on_next

#: the trigger written like a moment that means final scoring
END_OF_GAME = "end of game"


def _binop(op: str) -> Callable[[StructureBuilder, Meta, list[Any]], s.BinOp]:
    """The transformer method of the rule of operator `op`."""
    def method(self: StructureBuilder, meta: Meta, children: list[Any]) -> s.BinOp:
        return s.BinOp(op, children[0], children[1], self._span(meta))
    return method


@v_args(meta=True)
class ToSyntax(StructureBuilder):
    """Build syntax nodes; `path` is recorded in every span."""

    def __init__(self, path: str) -> None:
        Transformer.__init__(self, visit_tokens=False)
        self.path = path

    # ---- file and header ---------------------------------------------------------------------
    def start(self, meta: Meta, children: list[Any]) -> s.Ruleset:
        header, *items = children
        return s.Ruleset(self.path, header, tuple(items), self._span(meta))

    def header(self, meta: Meta, children: list[Any]) -> s.Header:
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

    def edition(self, meta: Meta, children: list[Any]) -> tuple[str, int]:
        return ("edition", int(children[0]))

    def extends(self, meta: Meta, children: list[Any]) -> tuple[str, Any]:
        return ("extends", children[0])

    def name_list(self, meta: Meta, children: list[Any]) -> tuple[s.Name, ...]:
        return tuple(self._name(t) for t in children)

    def string_list(self, meta: Meta, children: list[Any]) -> tuple[s.Text, ...]:
        return tuple(self._text(t) for t in children)

    def override(self, meta: Meta, children: list[Any]) -> str:
        return "override"

    def replace(self, meta: Meta, children: list[Any]) -> str:
        return "replace"

    # ---- vocabulary --------------------------------------------------------------------------
    def resources(self, meta: Meta, children: list[Any]) -> s.Resources:
        return s.Resources(self._name(children[0]), children[1], self._span(meta))

    def symbols(self, meta: Meta, children: list[Any]) -> s.Symbols:
        return s.Symbols(self._name(children[0]), children[1], self._span(meta))

    def tokens(self, meta: Meta, children: list[Any]) -> s.Tokens:
        return s.Tokens(children[0], self._span(meta))

    def colours(self, meta: Meta, children: list[Any]) -> s.Colours:
        return s.Colours(tuple(children), self._span(meta))

    def colour(self, meta: Meta, children: list[Any]) -> s.Colour:
        cat = self._name(children[1]) if len(children) > 1 else None
        return s.Colour(self._name(children[0]), cat, self._span(meta))

    def abilities(self, meta: Meta, children: list[Any]) -> s.Abilities:
        return s.Abilities(children[0], self._span(meta))

    def decks(self, meta: Meta, children: list[Any]) -> s.Decks:
        return s.Decks(children[0], self._span(meta))

    # ---- game --------------------------------------------------------------------------------
    def game(self, meta: Meta, children: list[Any]) -> s.Game:
        return s.Game(tuple(children), self._span(meta))

    def override_setting(self, meta: Meta, children: list[Any]) -> s.Setting:
        return s.Setting(children[0], True, self._span(meta))

    def plain_setting(self, meta: Meta, children: list[Any]) -> s.Setting:
        return s.Setting(children[0], False, self._span(meta))

    def when(self, meta: Meta, children: list[Any]) -> s.When:
        players, *settings = children
        return s.When(players, tuple(settings), self._span(meta))

    def players(self, meta: Meta, children: list[Any]) -> s.Players:
        return s.Players(children[0].ranges, self._span(meta))

    def player_counts(self, meta: Meta, children: list[Any]) -> s.Players:
        return s.Players(tuple(children), self._span(meta))

    def player_range(self, meta: Meta, children: list[Any]) -> tuple[int, int]:
        lo = int(children[0])
        hi = int(children[1]) if len(children) > 1 else lo
        return (lo, hi)

    def start_coins(self, meta: Meta, children: list[Any]) -> s.StartCoins:
        return s.StartCoins(int(children[0]), self._span(meta))

    def ages(self, meta: Meta, children: list[Any]) -> s.Ages:
        return s.Ages(int(children[0]), self._span(meta))

    def hand(self, meta: Meta, children: list[Any]) -> s.Hand:
        return s.Hand(children[0], self._span(meta))

    def turns(self, meta: Meta, children: list[Any]) -> s.Turns:
        return s.Turns(children[0], self._span(meta))

    def pass_directions(self, meta: Meta, children: list[Any]) -> s.PassDirections:
        directions: list[s.Name] = []
        distances: list[int] = []
        for c in children:
            if isinstance(c, Token):
                distances[-1] = int(c)
            else:
                directions.append(c)
                distances.append(1)
        return s.PassDirections(tuple(directions), self._span(meta), tuple(distances))

    def direction(self, meta: Meta, children: list[Any]) -> s.Name:
        return self._name(children[0])

    def stages_score(self, meta: Meta, children: list[Any]) -> s.StagesScore:
        return s.StagesScore(self._name(children[0]), self._span(meta))

    def pool_draw(self, meta: Meta, children: list[Any]) -> s.PoolDraw:
        pool, count, age = children
        return s.PoolDraw(self._name(pool), count, age, self._span(meta))

    def one_age(self, meta: Meta, children: list[Any]) -> int:
        return int(children[0])

    def each_age_draw(self, meta: Meta, children: list[Any]) -> None:
        return None

    def tie_break(self, meta: Meta, children: list[Any]) -> s.TieBreak:
        return s.TieBreak(children[0], self._span(meta))

    def order(self, meta: Meta, children: list[Any]) -> s.Order:
        return s.Order(children[0], children[1], self._span(meta))

    def card_zone(self, meta: Meta, children: list[Any]) -> s.CardZone:
        return s.CardZone(self._name(children[0]), self._span(meta))

    def option(self, meta: Meta, children: list[Any]) -> s.Option:
        name = self._name(children[0])
        rest = children[1:]
        title = None
        if rest and isinstance(rest[0], Token) and rest[0].type == "STRING":
            title = self._text(rest[0])
            rest = rest[1:]
        return s.Option(name, title, tuple(rest), self._span(meta))

    def teams(self, meta: Meta, children: list[Any]) -> s.Teams:
        return s.Teams(int(children[0]), self._span(meta))

    def winner(self, meta: Meta, children: list[Any]) -> s.Winner:
        return s.Winner(children[0], self._span(meta))

    def winner_mode(self, meta: Meta, children: list[Any]) -> str:
        return str(children[0])

    # ---- scoring -----------------------------------------------------------------------------
    def scoring(self, meta: Meta, children: list[Any]) -> s.Scoring:
        return s.Scoring(tuple(children), self._span(meta))

    def category(self, meta: Meta, children: list[Any]) -> s.Category:
        override, children = self._override(children)
        name = self._name(children[0])
        formula = None
        placement = None
        for c in children[1:]:
            if isinstance(c, tuple) and c and c[0] in ("after", "before"):
                placement = c
            else:
                formula = c
        return s.Category(name, formula, placement, override, self._span(meta))

    def after(self, meta: Meta, children: list[Any]) -> tuple[str, s.Name]:
        return ("after", self._name(children[0]))

    def before(self, meta: Meta, children: list[Any]) -> tuple[str, s.Name]:
        return ("before", self._name(children[0]))

    def signed(self, meta: Meta, children: list[Any]) -> int:
        sign = -1 if len(children) == 2 and str(children[0]) == "-" else 1
        return sign * int(children[-1])

    # ---- cards and wonders -------------------------------------------------------------------
    def card(self, meta: Meta, children: list[Any]) -> s.Card:
        replace = not isinstance(children[0], Token) and children[0] == "replace"
        if replace:
            children = children[1:]
        name_tok, age_tok, colour_tok, *rest = children
        attrs_ = tuple(c for c in rest if not isinstance(c, (s.Hook, s.PhraseUse)))
        hooks = self._hooks(rest)
        return s.Card(self._text(name_tok), int(age_tok), self._name(colour_tok), attrs_, hooks,
                      replace, self._span(meta), self._token_span(age_tok))

    def cost(self, meta: Meta, children: list[Any]) -> s.Cost:
        return s.Cost(tuple(children), self._span(meta))

    def resource_cost(self, meta: Meta, children: list[Any]) -> s.CostItem:
        if len(children) == 2:
            return s.CostItem(int(children[0]), self._name(children[1]), self._span(meta))
        return s.CostItem(1, self._name(children[0]), self._span(meta))

    def coin_cost(self, meta: Meta, children: list[Any]) -> s.CostItem:
        return s.CostItem(int(children[0]), None, self._span(meta))

    def chain_from(self, meta: Meta, children: list[Any]) -> s.ChainFrom:
        return s.ChainFrom(children[0], self._span(meta))

    def chain_to(self, meta: Meta, children: list[Any]) -> s.ChainTo:
        return s.ChainTo(children[0], self._span(meta))

    def copies(self, meta: Meta, children: list[Any]) -> s.Copies:
        return s.Copies(tuple(children), self._span(meta))

    def copy_mark(self, meta: Meta, children: list[Any]) -> int:
        return int(children[0])

    def pool(self, meta: Meta, children: list[Any]) -> s.Pool:
        return s.Pool(self._name(children[0]), self._span(meta))

    def aliases(self, meta: Meta, children: list[Any]) -> s.Aliases:
        return s.Aliases(children[0], self._span(meta))

    def card_deck(self, meta: Meta, children: list[Any]) -> s.CardDeck:
        return s.CardDeck(self._name(children[0]), self._span(meta))

    def wonder(self, meta: Meta, children: list[Any]) -> s.Wonder:
        replace = not isinstance(children[0], Token) and children[0] == "replace"
        if replace:
            children = children[1:]
        name = self._text(children[0])
        rest = children[1:]
        title = None
        if isinstance(rest[0], s.Text):
            title, rest = rest[0], rest[1:]
        side = self._name(rest[0])
        start = next((c for c in rest[1:] if isinstance(c, s.Name)), None)
        hooks = self._hooks(rest[1:])
        stages = tuple(c for c in rest[1:] if isinstance(c, s.Stage))
        return s.Wonder(name, title, side, start, stages, replace, self._span(meta), hooks)

    def called(self, meta: Meta, children: list[Any]) -> s.Text:
        return self._text(children[0])

    def start_resource(self, meta: Meta, children: list[Any]) -> s.Name:
        return self._name(children[0])

    def stage(self, meta: Meta, children: list[Any]) -> s.Stage:
        cost = children[0] if children and isinstance(children[0], s.Cost) else None
        hooks = self._hooks(children)
        return s.Stage(cost, hooks, self._span(meta))

    def remove_card(self, meta: Meta, children: list[Any]) -> s.RemoveCard:
        age = int(children[1]) if len(children) > 1 else None
        return s.RemoveCard(self._text(children[0]), age, self._span(meta))

    def change_card(self, meta: Meta, children: list[Any]) -> s.ChangeCard:
        name, *rest = children
        age = int(rest.pop(0)) if rest and isinstance(rest[0], Token) else None
        return s.ChangeCard(self._text(name), age, tuple(rest), self._span(meta))

    def remove_wonder(self, meta: Meta, children: list[Any]) -> s.RemoveWonder:
        return s.RemoveWonder(self._text(children[0]), self._name(children[1]), self._span(meta))

    def remove_named(self, meta: Meta, children: list[Any]) -> s.RemoveNamed:
        return s.RemoveNamed(str(children[0]), self._name(children[1]), self._span(meta))

    def removable(self, meta: Meta, children: list[Any]) -> str:
        return str(children[0])

    def remove_seat(self, meta: Meta, children: list[Any]) -> s.RemoveSeat:
        return s.RemoveSeat(self._text(children[0]), self._span(meta))

    # ---- phrases -----------------------------------------------------------------------------
    def phrase(self, meta: Meta, children: list[Any]) -> s.PhraseDef:
        name = self._name(children[0])
        params = children[1] if len(children) == 3 else ()
        body = children[-1]
        return s.PhraseDef(name, params, str(body)[1:-1], body.line, body.column + 1, self._span(meta))

    def phrase_use(self, meta: Meta, children: list[Any]) -> s.PhraseUse:
        return s.PhraseUse(self._name(children[0]), tuple(children[1:]), self._span(meta))

    def phrase_arg(self, meta: Meta, children: list[Any]) -> s.PhraseArg:
        return s.PhraseArg("".join(str(t) for t in children), self._span(meta))

    def effect_lines(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        return tuple(children)

    # ---- hooks and triggers ------------------------------------------------------------------
    def hook(self, meta: Meta, children: list[Any]) -> s.Hook:
        trigger = children[0]
        limit = next((c for c in children[1:-1] if isinstance(c, tuple) and c[0] == "once"), None)
        condition = next((c[1] for c in children[1:-1] if isinstance(c, tuple) and c[0] == "condition"), None)
        if limit is None:
            return s.Hook(trigger, condition, children[-1], self._span(meta))
        return s.Hook(trigger, condition, children[-1], self._span(meta), limit[1], limit[2])

    def hook_limit(self, meta: Meta, children: list[Any]) -> tuple[str, str, Span]:
        return ("once", str(children[0]), self._span(meta))

    def condition(self, meta: Meta, children: list[Any]) -> tuple[str, Any]:
        return ("condition", children[0])

    def passive(self, meta: Meta, children: list[Any]) -> s.Passive:
        return s.Passive(self._span(meta))

    def on_build(self, meta: Meta, children: list[Any]) -> s.OnBuild:
        return s.OnBuild(self._span(meta))

    def at_moment(self, meta: Meta, children: list[Any]) -> s.AtMoment | s.EndOfGame:
        moment = children[0]
        if moment.text == END_OF_GAME:
            return s.EndOfGame(self._span(meta))
        return s.AtMoment(moment, False, self._span(meta))

    def each_moment(self, meta: Meta, children: list[Any]) -> s.AtMoment:
        return s.AtMoment(children[0], True, self._span(meta))

    def moment(self, meta: Meta, children: list[Any]) -> s.Name:
        first, last = children[0], children[-1]
        if last.line != first.line:
            raise MomentOverLines(children, next(c for c in children if c.line != first.line))
        return s.Name(" ".join(str(c) for c in children),
                      Span(self.path, first.line, first.column, last.end_line, last.end_column))

    def whenever_builds(self, meta: Meta, children: list[Any]) -> s.Whenever:
        way = children[-1] if len(children) > 1 and isinstance(children[-1], s.Name) else None
        rest = children[1:-1] if way is not None else children[1:]
        colours = rest[0] if rest else ()
        return s.Whenever("builds", children[0], colours, None, self._span(meta), way)

    def by_way(self, meta: Meta, children: list[Any]) -> s.Name:
        return self._name(children[0])

    def whenever_buys(self, meta: Meta, children: list[Any]) -> s.Whenever:
        return s.Whenever("buys", children[0], (), None, self._span(meta), None, children[1])

    def whenever_stage(self, meta: Meta, children: list[Any]) -> s.Whenever:
        return s.Whenever("stages", children[0], (), None, self._span(meta))

    def whenever_gains(self, meta: Meta, children: list[Any]) -> s.Whenever:
        return s.Whenever("gains", children[0], (), self._name(children[1]), self._span(meta))

    def whenever_gains_coins(self, meta: Meta, children: list[Any]) -> s.Whenever:
        return s.Whenever("coins", children[0], (), None, self._span(meta))

    def whenever_wins(self, meta: Meta, children: list[Any]) -> s.Whenever:
        return s.Whenever("wins", children[0], (), self._name(children[1]), self._span(meta))

    def whenever_loses(self, meta: Meta, children: list[Any]) -> s.Whenever:
        return s.Whenever("loses", children[0], (), self._name(children[1]), self._span(meta))

    # ---- seats -------------------------------------------------------------------------------
    def seat_list(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        return tuple(children)

    def seat(self, meta: Meta, children: list[Any]) -> s.Seat:
        words = [str(c) for c in children if c.type != "INT"]
        distance = next((int(c) for c in children if c.type == "INT"), None)
        first, last = children[0], children[-1]
        return s.Seat(" ".join(words), distance, Span(self.path, first.line, first.column, last.end_line,
                                                        last.end_column))

    def targets(self, meta: Meta, children: list[Any]) -> tuple[str, tuple[Any, ...]]:
        return ("targets", tuple(children))

    target = seat

    def seat_of(self, meta: Meta, children: list[Any]) -> tuple[str, Any]:
        return ("of", children[0])

    # ---- effects -----------------------------------------------------------------------------
    @staticmethod
    def _split(children: list[Any]) -> tuple[tuple[s.Seat, ...], list[Any]]:
        """Separate an optional leading `targets` tuple from the rest."""
        if children and isinstance(children[0], tuple) and children[0] and children[0][0] == "targets":
            return children[0][1], children[1:]
        return (), children

    def alternatives(self, meta: Meta, children: list[Any]) -> tuple[s.Name, ...]:
        return tuple(self._name(t) for t in children)

    def not_for_sale(self, meta: Meta, children: list[Any]) -> str:
        return "not_for_sale"

    def negated(self, meta: Meta, children: list[Any]) -> str:
        return "negated"

    def produce(self, meta: Meta, children: list[Any]) -> s.Produce:
        amount = 1
        for_sale = "not_for_sale" not in children
        options: tuple[s.Name, ...] = ()
        for c in children:
            if isinstance(c, Token) and c.type == "INT":
                amount = int(c)
            elif isinstance(c, tuple):
                options = c
        return s.Produce(amount, options, for_sale, self._span(meta))

    def produce_derived(self, meta: Meta, children: list[Any]) -> s.ProduceDerived:
        missing = "negated" in children
        for_sale = "not_for_sale" not in children
        sources = next(c for c in children if isinstance(c, tuple))
        return s.ProduceDerived(missing, sources, for_sale, self._span(meta))

    def symbol(self, meta: Meta, children: list[Any]) -> s.Symbol:
        amount = 1
        options: tuple[s.Name, ...] = ()
        for c in children:
            if isinstance(c, Token):
                amount = int(c)
            else:
                options = c
        return s.Symbol(amount, options, self._span(meta))

    def symbol_any(self, meta: Meta, children: list[Any]) -> s.SymbolAny:
        return s.SymbolAny(self._name(children[0]), self._span(meta))

    def gain_coins(self, meta: Meta, children: list[Any]) -> s.GainCoins:
        targets, rest = self._split(children)
        per = rest[1] if len(rest) > 1 else None
        return s.GainCoins(targets, rest[0], per, self._span(meta))

    def gain_tokens(self, meta: Meta, children: list[Any]) -> s.GainTokens:
        targets, rest = self._split(children)
        extra = rest[2] if len(rest) > 2 else None
        if isinstance(extra, tuple) and extra and extra[0] == "giver":
            return s.GainTokens(targets, rest[0], self._name(rest[1]), None, self._span(meta), extra[1])
        return s.GainTokens(targets, rest[0], self._name(rest[1]), extra, self._span(meta))

    def giver(self, meta: Meta, children: list[Any]) -> tuple[str, Any]:
        return ("giver", children[0])

    def worth(self, meta: Meta, children: list[Any]) -> Any:
        return children[0]

    def lose_coins(self, meta: Meta, children: list[Any]) -> s.LoseCoins:
        targets, rest = self._split(children)
        per = next((c for c in rest[1:] if isinstance(c, s.Per)), None)
        decide = next((c[1] for c in rest[1:] if isinstance(c, tuple) and c[0] == "decide"), None)
        take = next((c[1] for c in rest[1:] if isinstance(c, tuple) and c[0] == "take"), None)
        return s.LoseCoins(targets, rest[0], per, decide, self._span(meta), take)

    def or_decide(self, meta: Meta, children: list[Any]) -> tuple[str, s.Name]:
        return ("decide", self._name(children[0]))

    def or_take(self, meta: Meta, children: list[Any]) -> tuple[str, s.Name]:
        return ("take", self._name(children[0]))

    def lose_tokens(self, meta: Meta, children: list[Any]) -> s.LoseTokens:
        targets, rest = self._split(children)
        return s.LoseTokens(targets, rest[0], self._name(rest[1]), self._span(meta))

    def score(self, meta: Meta, children: list[Any]) -> s.Score:
        per = children[1] if len(children) > 1 else None
        return s.Score(children[0], per, self._span(meta))

    def price(self, meta: Meta, children: list[Any]) -> s.Price:
        return s.Price(children[0], children[1], int(children[2]), self._span(meta))

    def rebate(self, meta: Meta, children: list[Any]) -> s.Rebate:
        return s.Rebate(children[0], int(children[1]), self._span(meta))

    def grant(self, meta: Meta, children: list[Any]) -> s.Grant:
        period, uses, colours = "", 1, ()
        for c in children[1:]:
            if isinstance(c, tuple) and c and c[0] == "uses":
                period, uses = c[1], c[2]
            elif isinstance(c, tuple):
                colours = c
        return s.Grant(self._name(children[0]), period, uses, colours, self._span(meta))

    def once_per(self, meta: Meta, children: list[Any]) -> tuple[str, Any, int]:
        return ("uses", children[0], 1)

    def times_per(self, meta: Meta, children: list[Any]) -> tuple[str, Any, int]:
        return ("uses", children[1], int(children[0]))

    def period(self, meta: Meta, children: list[Any]) -> str:
        return str(children[0])

    def only_colours(self, meta: Meta, children: list[Any]) -> Any:
        return children[0]

    def cost_change(self, meta: Meta, children: list[Any]) -> s.CostChange:
        targets, rest = self._split(children)
        what, amount = rest[1]
        colours = rest[2] if len(rest) > 2 else ()
        return s.CostChange(targets, self._name(rest[0]), what, amount, colours, self._span(meta))

    def strength_bonus(self, meta: Meta, children: list[Any]) -> s.StrengthBonus:
        amount = children[3]
        if str(children[2]) == "-":
            amount = s.Neg(amount, self._span(meta))
        return s.StrengthBonus(self._name(children[0]), amount, self._span(meta))

    def no_resources(self, meta: Meta, children: list[Any]) -> tuple[str, int]:
        return ("resources", 0)

    def no_coins(self, meta: Meta, children: list[Any]) -> tuple[str, int]:
        return ("coins", 0)

    def coins_less(self, meta: Meta, children: list[Any]) -> tuple[str, int]:
        return ("less", int(children[0]))

    def resources_less(self, meta: Meta, children: list[Any]) -> tuple[str, int]:
        return ("resources less", int(children[0]))

    def for_colours(self, meta: Meta, children: list[Any]) -> Any:
        return children[0]

    def decide(self, meta: Meta, children: list[Any]) -> s.Decide:
        times = int(children[1]) if len(children) > 1 else 1
        return s.Decide(self._name(children[0]), times, self._span(meta))

    def copy_card(self, meta: Meta, children: list[Any]) -> s.CopyCard:
        return s.CopyCard(int(children[0]), children[1], children[2], self._span(meta))

    def copy_symbol(self, meta: Meta, children: list[Any]) -> s.CopySymbol:
        return s.CopySymbol(int(children[0]), children[1], children[2], self._span(meta))

    def pay_coins(self, meta: Meta, children: list[Any]) -> s.PayCoins:
        targets, rest = self._split(children)
        per = next((c for c in rest[1:] if isinstance(c, s.Per)), None)
        to = next(c for c in rest[1:] if not isinstance(c, s.Per))
        return s.PayCoins(targets, rest[0], per, None, to, self._span(meta))

    def give_tokens(self, meta: Meta, children: list[Any]) -> s.GiveTokens:
        targets, rest = self._split(children)
        return s.GiveTokens(targets, rest[0], None, self._name(rest[1]), rest[2], self._span(meta))

    def draw(self, meta: Meta, children: list[Any]) -> s.Draw:
        count, *rest = children
        zones: list[s.Name] = []
        seats: list[s.Seat | None] = []
        for c in rest:
            if isinstance(c, Token):
                zones.append(self._name(c))
                seats.append(None)
            else:
                seats[-1] = c[1]
        return s.Draw(count, zones[0], seats[0], zones[1], seats[1], self._span(meta))

    def move_card(self, meta: Meta, children: list[Any]) -> s.MoveCard:
        seat = children[1][1] if len(children) > 1 else None
        return s.MoveCard(self._name(children[0]), seat, self._span(meta))

    def build_stage(self, meta: Meta, children: list[Any]) -> s.BuildStage:
        return s.BuildStage(self._span(meta))

    def per(self, meta: Meta, children: list[Any]) -> s.Per:
        countable, seats = children[0], children[1]
        self_count = children[2] if len(children) > 2 else None
        return s.Per(countable, seats, self_count, self._span(meta))

    def self_count(self, meta: Meta, children: list[Any]) -> str:
        return str(children[1])

    def count_cards(self, meta: Meta, children: list[Any]) -> s.Countable:
        return s.Countable("cards", children[0], self._span(meta))

    def count_any_cards(self, meta: Meta, children: list[Any]) -> s.Countable:
        return s.Countable("any_cards", (), self._span(meta))

    def count_stages(self, meta: Meta, children: list[Any]) -> s.Countable:
        return s.Countable("stages", (), self._span(meta))

    def count_tokens(self, meta: Meta, children: list[Any]) -> s.Countable:
        return s.Countable("tokens", children[0], self._span(meta))

    def count_symbols(self, meta: Meta, children: list[Any]) -> s.Countable:
        return s.Countable("symbols", children[0], self._span(meta))

    # ---- expressions -------------------------------------------------------------------------
    def number(self, meta: Meta, children: list[Any]) -> s.Number:
        return s.Number(int(children[0]), self._span(meta))

    def neg(self, meta: Meta, children: list[Any]) -> s.Neg:
        return s.Neg(children[0], self._span(meta))

    def not_(self, meta: Meta, children: list[Any]) -> s.Not:
        return s.Not(children[0], self._span(meta))

    add = _binop("+")
    sub = _binop("-")
    mul = _binop("*")
    div = _binop("/")
    and_ = _binop("and")
    or_ = _binop("or")

    def compare(self, meta: Meta, children: list[Any]) -> s.BinOp:
        return s.BinOp(str(children[1]), children[0], children[2], self._span(meta))

    def name_ref(self, meta: Meta, children: list[Any]) -> s.NameRef:
        name = self._name(children[0])
        return s.NameRef(name, name.span)

    def call(self, meta: Meta, children: list[Any]) -> s.Call:
        func = self._name(children[0])
        args = tuple(c for c in children[1:] if c is not None)
        return s.Call(func, args, self._span(meta))

    def seat_argument(self, meta: Meta, children: list[Any]) -> s.Seat:
        return s.Seat(str(children[0]), int(children[1]), self._span(meta))

    def their_city(self, meta: Meta, children: list[Any]) -> s.Seat:
        return s.Seat("their city", None, self._span(meta))

    def over(self, meta: Meta, children: list[Any]) -> s.Over:
        return s.Over(self._name(children[0]), children[1], children[2], self._span(meta))

    def rank(self, meta: Meta, children: list[Any]) -> s.Rank:
        order = "most"
        rest = children[1:]
        if isinstance(rest[0], str) and not isinstance(rest[0], Token):
            order, rest = rest[0], rest[1:]
        return s.Rank(self._name(children[0]), rest[0], rest[1], order, self._span(meta))

    def rank_order(self, meta: Meta, children: list[Any]) -> str:
        return str(children[0])
