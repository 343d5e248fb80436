"""Transformer methods for the game's structure: zones, deals, actions, decisions, the market,
the flow, contests and neutral seats, and the helpers every method uses (`_span`, `_name`,
`_text`, `_override`, `_hooks`). :class:`.build.ToSyntax` builds on it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from lark import Token, Transformer, v_args
from lark.tree import Meta

from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Span

__all__ = ["StructureBuilder"]


@v_args(meta=True)
class StructureBuilder(Transformer[Token, Any]):
    """Method names mirror the rules of ``wr.lark``; every method takes (meta, children). The
    helpers below make nodes of tokens and positions; `path` (set by :class:`.build.ToSyntax`) is
    recorded in every span."""

    path: str

    # ---- helpers ---------------------------------------------------------------------------
    def _token_span(self, tok: Token) -> Span:
        assert tok.line is not None and tok.column is not None  # a lexed token
        assert tok.end_line is not None and tok.end_column is not None
        return Span(self.path, tok.line, tok.column, tok.end_line, tok.end_column)

    def _span(self, meta: Meta) -> Span:
        if getattr(meta, "empty", True):
            return Span(self.path, 1, 1, 1, 1)
        return Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)

    def _name(self, tok: Token) -> s.Name:
        return s.Name(str(tok), self._token_span(tok))

    def _text(self, tok: Token) -> s.Text:
        return s.Text(str(tok)[1:-1], self._token_span(tok))

    @staticmethod
    def _hooks(children: Iterable[Any]) -> tuple[s.Hook, ...]:
        """The hooks among `children`, and the uses of phrases written among them."""
        hooks = tuple(c for c in children if isinstance(c, (s.Hook, s.PhraseUse)))
        # typed as the hooks they become: `phrases.expand` writes every use out as hooks before any
        # other pass reads a syntax tree
        return hooks  # type: ignore[return-value]

    @staticmethod
    def _override(children: list[Any]) -> tuple[bool, list[Any]]:
        """Split a leading `override` (the rule's value, never a name token) from the rest."""
        if children and not isinstance(children[0], Token) and children[0] == "override":
            return True, children[1:]
        return False, children

    # ---- zones and deals ---------------------------------------------------------------------
    def zone(self, meta: Meta, children: list[Any]) -> s.Zone:
        override, rest = self._override(children)
        name, per, *props = rest
        return s.Zone(self._name(name), per, tuple(props), override, self._span(meta))

    def each_seat(self, meta: Meta, children: list[Any]) -> str:
        return "seat"

    def shared(self, meta: Meta, children: list[Any]) -> str:
        return "shared"

    def seen_by(self, meta: Meta, children: list[Any]) -> s.ZoneProperty:
        return s.ZoneProperty("seen_by", children[0], self._span(meta))

    def visibility(self, meta: Meta, children: list[Any]) -> s.Name:
        return self._name(children[0])

    def active(self, meta: Meta, children: list[Any]) -> s.ZoneProperty:
        return s.ZoneProperty("active", None, self._span(meta))

    def count_hidden(self, meta: Meta, children: list[Any]) -> s.ZoneProperty:
        return s.ZoneProperty("count_hidden", None, self._span(meta))

    def deal(self, meta: Meta, children: list[Any]) -> s.Deal:
        override, rest = self._override(children)
        name, deck, *clauses = rest
        return s.Deal(self._name(name), self._name(deck), tuple(clauses), override, self._span(meta))

    def extend_deal(self, meta: Meta, children: list[Any]) -> s.ExtendDeal:
        name, *clauses = children
        return s.ExtendDeal(self._name(name), tuple(clauses), self._span(meta))

    def deal_target(self, meta: Meta, children: list[Any]) -> s.DealTarget:
        count, zone, seat = children
        return s.DealTarget(count, self._name(zone), seat, self._span(meta))

    def each_player(self, meta: Meta, children: list[Any]) -> None:
        return None

    def one_seat(self, meta: Meta, children: list[Any]) -> s.Text:
        return self._text(children[0])

    def deal_rest(self, meta: Meta, children: list[Any]) -> s.DealRest:
        return s.DealRest(self._name(children[0]), self._span(meta))

    # ---- actions and decisions -----------------------------------------------------------------
    def action(self, meta: Meta, children: list[Any]) -> s.Action:
        override, rest = self._override(children)
        name, *rest = rest
        title = None
        if rest and isinstance(rest[0], Token) and rest[0].type == "STRING":
            title, rest = self._text(rest[0]), rest[1:]
        return s.Action(self._name(name), title, tuple(rest), override, self._span(meta))

    def card_from(self, meta: Meta, children: list[Any]) -> s.CardFrom:
        return s.CardFrom(self._name(children[0]), self._span(meta))

    def unique_in(self, meta: Meta, children: list[Any]) -> s.UniqueIn:
        return s.UniqueIn(self._name(children[0]), self._span(meta))

    def requirement(self, meta: Meta, children: list[Any]) -> s.Requirement:
        return s.Requirement(children[0], self._text(children[1]), self._span(meta))

    def action_cost(self, meta: Meta, children: list[Any]) -> s.ActionCost:
        return s.ActionCost(children[0], self._span(meta))

    def cost_kind(self, meta: Meta, children: list[Any]) -> str:
        return str(children[0])

    def way(self, meta: Meta, children: list[Any]) -> s.Way:
        name, *props = children
        return s.Way(self._name(name), tuple(props), self._span(meta))

    def amount_range(self, meta: Meta, children: list[Any]) -> s.AmountRange:
        return s.AmountRange(children[0], children[1], self._span(meta))

    def pay_way(self, meta: Meta, children: list[Any]) -> s.Way:
        return s.Way(None, (), self._span(meta))

    def way_free(self, meta: Meta, children: list[Any]) -> s.WayProperty:
        return s.WayProperty("free", None, self._span(meta))

    def way_chained(self, meta: Meta, children: list[Any]) -> s.WayProperty:
        return s.WayProperty("chained", None, self._span(meta))

    def way_granted(self, meta: Meta, children: list[Any]) -> s.WayProperty:
        return s.WayProperty("granted", self._name(children[0]), self._span(meta))

    def way_units_less(self, meta: Meta, children: list[Any]) -> s.WayProperty:
        return s.WayProperty("units less", None, self._span(meta), int(children[0]))

    def way_coins_more(self, meta: Meta, children: list[Any]) -> s.WayProperty:
        return s.WayProperty("coins more", None, self._span(meta), int(children[0]))

    def then(self, meta: Meta, children: list[Any]) -> s.Then:
        return s.Then(tuple(children), self._span(meta))

    def decision(self, meta: Meta, children: list[Any]) -> s.Decision:
        override, rest = self._override(children)
        name, *rest = rest
        title = None
        if isinstance(rest[0], Token) and rest[0].type == "STRING":
            title, rest = self._text(rest[0]), rest[1:]
        prefer = rest[1] if len(rest) > 1 else ()
        return s.Decision(self._name(name), title, rest[0], override, self._span(meta), prefer, len(rest) > 1)

    def decision_body(self, meta: Meta, children: list[Any]) -> tuple[s.Prefer, ...]:
        return tuple(children)

    def prefer(self, meta: Meta, children: list[Any]) -> s.Prefer:
        per_card = bool(children) and children[0] is True
        tiers = tuple(c for c in children if isinstance(c, s.Tier))
        return s.Prefer(per_card, tiers, self._span(meta))

    def per_card(self, meta: Meta, children: list[Any]) -> bool:
        return True

    def tier(self, meta: Meta, children: list[Any]) -> s.Tier:
        return s.Tier(tuple(children), self._span(meta))

    def preferred_action(self, meta: Meta, children: list[Any]) -> s.PreferredAction:
        way = self._name(children[1]) if len(children) > 1 else None
        return s.PreferredAction(self._name(children[0]), way, self._span(meta))

    def other_actions(self, meta: Meta, children: list[Any]) -> s.OtherActions:
        return s.OtherActions(self._span(meta))

    # ---- effects of the rule set --------------------------------------------------------------
    def rule_effects(self, meta: Meta, children: list[Any]) -> s.RuleEffects:
        holders, *rest = children
        category = self._name(rest[0]) if rest and isinstance(rest[0], Token) else None
        hooks = self._hooks(rest)
        return s.RuleEffects(holders, category, hooks, self._span(meta))

    def holders(self, meta: Meta, children: list[Any]) -> str:
        return f"{children[0]}s"

    # ---- the market --------------------------------------------------------------------------
    def market(self, meta: Meta, children: list[Any]) -> s.Market:
        override, rest = self._override(children)
        return s.Market(tuple(rest), override, self._span(meta))

    def sellers(self, meta: Meta, children: list[Any]) -> s.Sellers:
        return s.Sellers(children[0], self._span(meta))

    def sells(self, meta: Meta, children: list[Any]) -> s.Sells:
        return s.Sells(children[0], self._span(meta))

    def market_price(self, meta: Meta, children: list[Any]) -> s.MarketPrice:
        coins, *scope = children
        resources = next((names for kind, names in scope if kind == "for"), ())
        sellers = next((seats for kind, seats in scope if kind == "from"), ())
        return s.MarketPrice(int(coins), resources, sellers, self._span(meta))

    def sells_only(self, meta: Meta, children: list[Any]) -> s.SellsOnly:
        return s.SellsOnly(children[0], children[1], self._span(meta))

    def price_for(self, meta: Meta, children: list[Any]) -> tuple[str, Any]:
        return ("for", children[0])

    def price_from(self, meta: Meta, children: list[Any]) -> tuple[str, Any]:
        return ("from", children[0])

    # ---- the flow ----------------------------------------------------------------------------
    def flow(self, meta: Meta, children: list[Any]) -> s.Flow:
        override, rest = self._override(children)
        return s.Flow(tuple(rest), override, self._span(meta))

    def at_block(self, meta: Meta, children: list[Any]) -> s.AtBlock:
        override, rest = self._override(children)
        moment, *steps = rest
        return s.AtBlock(moment, tuple(steps), override, self._span(meta))

    def each_age(self, meta: Meta, children: list[Any]) -> s.EachAge:
        return s.EachAge(tuple(children), self._span(meta))

    def each_turn(self, meta: Meta, children: list[Any]) -> s.EachTurn:
        return s.EachTurn(tuple(children), self._span(meta))

    def repeat(self, meta: Meta, children: list[Any]) -> s.Repeat:
        times, *steps = children
        return s.Repeat(times, tuple(steps), self._span(meta))

    def if_step(self, meta: Meta, children: list[Any]) -> s.IfStep:
        condition, *steps = children
        otherwise: tuple[s.Step, ...] = ()
        if steps and isinstance(steps[-1], tuple) and steps[-1] and steps[-1][0] == "else":
            otherwise = steps.pop()[1]
        return s.IfStep(condition, tuple(steps), otherwise, self._span(meta))

    def otherwise(self, meta: Meta, children: list[Any]) -> tuple[str, tuple[Any, ...]]:
        return ("else", tuple(children))

    def deal_step(self, meta: Meta, children: list[Any]) -> s.DealStep:
        return s.DealStep(self._name(children[0]), self._span(meta))

    def at_step(self, meta: Meta, children: list[Any]) -> s.AtStep:
        return s.AtStep(children[0], self._span(meta))

    def round_step(self, meta: Meta, children: list[Any]) -> s.RoundStep:
        seats, ability, within = "seats", None, False
        for c in children[1:]:
            if isinstance(c, tuple):
                seats, ability = c[1] or seats, c[2]
            elif c == "within":
                within = True
        return s.RoundStep(self._name(children[0]), seats, ability, within, self._span(meta))

    def round_who(self, meta: Meta, children: list[Any]) -> tuple[str, Any, Any]:
        seats = next((c for c in children if not isinstance(c, Token)), None)
        ability = next((self._name(c) for c in children if isinstance(c, Token)), None)
        return ("who", seats, ability)

    def round_seats(self, meta: Meta, children: list[Any]) -> str:
        return str(children[0])

    def within_turn(self, meta: Meta, children: list[Any]) -> str:
        return "within"

    def pass_step(self, meta: Meta, children: list[Any]) -> s.PassStep:
        direction = children[1] if len(children) > 1 else None
        distance = int(children[2]) if len(children) > 2 else 1
        return s.PassStep(self._name(children[0]), direction, self._span(meta), distance)

    def discard_step(self, meta: Meta, children: list[Any]) -> s.DiscardStep:
        return s.DiscardStep(children[0], self._name(children[1]), self._span(meta))

    # ---- contests ------------------------------------------------------------------------------
    def contest(self, meta: Meta, children: list[Any]) -> s.Contest:
        override, rest = self._override(children)
        name, moment, *clauses = rest
        return s.Contest(self._name(name), moment, tuple(clauses), override, self._span(meta))

    def strength(self, meta: Meta, children: list[Any]) -> s.Strength:
        return s.Strength(children[0], self._span(meta))

    def takes_part(self, meta: Meta, children: list[Any]) -> s.TakesPart:
        return s.TakesPart(children[0], self._span(meta))

    def pairs(self, meta: Meta, children: list[Any]) -> s.Pairs:
        where, where_not = children[1] if len(children) > 1 else ((), False)
        return s.Pairs(children[0], where, where_not, self._span(meta))

    def pairs_where(self, meta: Meta, children: list[Any]) -> tuple[Any, bool]:
        return children[-1], len(children) > 1

    def ranking(self, meta: Meta, children: list[Any]) -> s.Ranking:
        return s.Ranking(self._span(meta))

    def token_count(self, meta: Meta, children: list[Any]) -> s.TokenCount:
        return s.TokenCount(children[0], self._span(meta))

    def contest_after(self, meta: Meta, children: list[Any]) -> s.ContestAfter:
        return s.ContestAfter(children[0], self._span(meta))

    def win(self, meta: Meta, children: list[Any]) -> s.ContestWin:
        return s.ContestWin(self._name(children[0]), tuple(children[1:]), self._span(meta))

    def lose(self, meta: Meta, children: list[Any]) -> s.ContestLose:
        return s.ContestLose(self._name(children[0]), tuple(children[1:]), self._span(meta))

    # ---- neutral seats -------------------------------------------------------------------------
    def neutral_seat(self, meta: Meta, children: list[Any]) -> s.NeutralSeat:
        override, rest = self._override(children)
        name, *rest = rest
        hooks = self._hooks(rest)
        clauses = tuple(c for c in rest if not isinstance(c, (s.Hook, s.PhraseUse)))
        return s.NeutralSeat(self._text(name), clauses, hooks, override, self._span(meta))

    def controller_starts(self, meta: Meta, children: list[Any]) -> s.ControllerStarts:
        return s.ControllerStarts(tuple(children), self._span(meta))

    def control_follows(self, meta: Meta, children: list[Any]) -> s.ControlFollows:
        return s.ControlFollows(self._name(children[0]), self._span(meta))

    def resolves_first(self, meta: Meta, children: list[Any]) -> s.ResolvesFirst:
        return s.ResolvesFirst(self._span(meta))

    def pays_any_seller(self, meta: Meta, children: list[Any]) -> s.PaysAnySeller:
        return s.PaysAnySeller(self._span(meta))

    def never_wins(self, meta: Meta, children: list[Any]) -> s.NeverWins:
        return s.NeverWins(self._span(meta))

