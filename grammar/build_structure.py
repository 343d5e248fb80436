"""Transformer methods for the game's structure: zones, deals, actions, decisions, the market,
the flow, contests and neutral seats. Mixed into :class:`.build.ToSyntax`, which provides the
helpers (`_span`, `_name`, `_text`, `_override`)."""

from __future__ import annotations

from lark import Token, Transformer, v_args

from wonderrules.grammar import syntax as s

__all__ = ["StructureBuilder"]


@v_args(meta=True)
class StructureBuilder(Transformer):
    """Method names mirror the rules of ``wr.lark``; every method takes (meta, children)."""

    # ---- zones and deals ---------------------------------------------------------------------
    def zone(self, meta, children):
        override, rest = self._override(children)
        name, per, *props = rest
        return s.Zone(self._name(name), per, tuple(props), override, self._span(meta))

    def each_seat(self, meta, children):
        return "seat"

    def shared(self, meta, children):
        return "shared"

    def seen_by(self, meta, children):
        return s.ZoneProperty("seen_by", children[0], self._span(meta))

    def visibility(self, meta, children):
        return self._name(children[0])

    def active(self, meta, children):
        return s.ZoneProperty("active", None, self._span(meta))

    def count_hidden(self, meta, children):
        return s.ZoneProperty("count_hidden", None, self._span(meta))

    def deal(self, meta, children):
        override, rest = self._override(children)
        name, deck, *clauses = rest
        return s.Deal(self._name(name), self._name(deck), tuple(clauses), override, self._span(meta))

    def extend_deal(self, meta, children):
        name, *clauses = children
        return s.ExtendDeal(self._name(name), tuple(clauses), self._span(meta))

    def deal_target(self, meta, children):
        count, zone, seat = children
        return s.DealTarget(count, self._name(zone), seat, self._span(meta))

    def each_player(self, meta, children):
        return None

    def one_seat(self, meta, children):
        return self._text(children[0])

    def deal_rest(self, meta, children):
        return s.DealRest(self._name(children[0]), self._span(meta))

    # ---- actions and decisions -----------------------------------------------------------------
    def action(self, meta, children):
        override, rest = self._override(children)
        name, *rest = rest
        title = None
        if rest and isinstance(rest[0], Token) and rest[0].type == "STRING":
            title, rest = self._text(rest[0]), rest[1:]
        return s.Action(self._name(name), title, tuple(rest), override, self._span(meta))

    def card_from(self, meta, children):
        return s.CardFrom(self._name(children[0]), self._span(meta))

    def unique_in(self, meta, children):
        return s.UniqueIn(self._name(children[0]), self._span(meta))

    def requirement(self, meta, children):
        return s.Requirement(children[0], self._text(children[1]), self._span(meta))

    def action_cost(self, meta, children):
        return s.ActionCost(children[0], self._span(meta))

    def cost_kind(self, meta, children):
        return str(children[0])

    def way(self, meta, children):
        name, *props = children
        return s.Way(self._name(name), tuple(props), self._span(meta))

    def pay_way(self, meta, children):
        return s.Way(None, (), self._span(meta))

    def way_free(self, meta, children):
        return s.WayProperty("free", None, self._span(meta))

    def way_chained(self, meta, children):
        return s.WayProperty("chained", None, self._span(meta))

    def way_granted(self, meta, children):
        return s.WayProperty("granted", self._name(children[0]), self._span(meta))

    def way_only(self, meta, children):
        return s.WayProperty("only", None, self._span(meta))

    def way_units_less(self, meta, children):
        return s.WayProperty("units less", None, self._span(meta), int(children[0]))

    def way_coins_more(self, meta, children):
        return s.WayProperty("coins more", None, self._span(meta), int(children[0]))

    def then(self, meta, children):
        return s.Then(tuple(children), self._span(meta))

    def decision(self, meta, children):
        override, rest = self._override(children)
        name, *rest = rest
        title = None
        if isinstance(rest[0], Token) and rest[0].type == "STRING":
            title, rest = self._text(rest[0]), rest[1:]
        return s.Decision(self._name(name), title, rest[0], override, self._span(meta))

    # ---- effects of the rule set --------------------------------------------------------------
    def rule_effects(self, meta, children):
        holders, *rest = children
        category = self._name(rest[0]) if rest and isinstance(rest[0], Token) else None
        hooks = tuple(c for c in rest if isinstance(c, (s.Hook, s.PhraseUse)))
        return s.RuleEffects(holders, category, hooks, self._span(meta))

    def holders(self, meta, children):
        return f"{children[0]}s"

    # ---- the market --------------------------------------------------------------------------
    def market(self, meta, children):
        override, rest = self._override(children)
        return s.Market(tuple(rest), override, self._span(meta))

    def sellers(self, meta, children):
        return s.Sellers(children[0], self._span(meta))

    def sells(self, meta, children):
        return s.Sells(children[0], self._span(meta))

    def market_price(self, meta, children):
        coins, *scope = children
        resources = next((names for kind, names in scope if kind == "for"), ())
        sellers = next((seats for kind, seats in scope if kind == "from"), ())
        return s.MarketPrice(int(coins), resources, sellers, self._span(meta))

    def price_for(self, meta, children):
        return ("for", children[0])

    def price_from(self, meta, children):
        return ("from", children[0])

    # ---- the flow ----------------------------------------------------------------------------
    def flow(self, meta, children):
        override, rest = self._override(children)
        return s.Flow(tuple(rest), override, self._span(meta))

    def at_block(self, meta, children):
        moment, *steps = children
        return s.AtBlock(moment, tuple(steps), self._span(meta))

    def each_age(self, meta, children):
        return s.EachAge(tuple(children), self._span(meta))

    def each_turn(self, meta, children):
        return s.EachTurn(tuple(children), self._span(meta))

    def repeat(self, meta, children):
        times, *steps = children
        return s.Repeat(times, tuple(steps), self._span(meta))

    def if_step(self, meta, children):
        condition, *steps = children
        otherwise: tuple = ()
        if steps and isinstance(steps[-1], tuple) and steps[-1] and steps[-1][0] == "else":
            otherwise = steps.pop()[1]
        return s.IfStep(condition, tuple(steps), otherwise, self._span(meta))

    def otherwise(self, meta, children):
        return ("else", tuple(children))

    def deal_step(self, meta, children):
        return s.DealStep(self._name(children[0]), self._span(meta))

    def at_step(self, meta, children):
        return s.AtStep(children[0], self._span(meta))

    def round_step(self, meta, children):
        seats, ability, within = "seats", None, False
        for c in children[1:]:
            if isinstance(c, tuple):
                seats, ability = c[1] or seats, c[2]
            elif c == "within":
                within = True
        return s.RoundStep(self._name(children[0]), seats, ability, within, self._span(meta))

    def round_who(self, meta, children):
        seats = next((c for c in children if not isinstance(c, Token)), None)
        ability = next((self._name(c) for c in children if isinstance(c, Token)), None)
        return ("who", seats, ability)

    def round_seats(self, meta, children):
        return str(children[0])

    def within_turn(self, meta, children):
        return "within"

    def pass_step(self, meta, children):
        direction = children[1] if len(children) > 1 else None
        return s.PassStep(self._name(children[0]), direction, self._span(meta))

    def discard_step(self, meta, children):
        return s.DiscardStep(children[0], self._name(children[1]), self._span(meta))

    # ---- contests ------------------------------------------------------------------------------
    def contest(self, meta, children):
        override, rest = self._override(children)
        name, moment, *clauses = rest
        return s.Contest(self._name(name), moment, tuple(clauses), override, self._span(meta))

    def strength(self, meta, children):
        return s.Strength(children[0], self._span(meta))

    def sit_out(self, meta, children):
        return s.SitOut(self._name(children[0]), int(children[1]), self._span(meta))

    def pairs(self, meta, children):
        return s.Pairs(children[0], len(children) > 1, self._span(meta))

    def except_partners(self, meta, children):
        return True

    def ranking(self, meta, children):
        return s.Ranking(self._span(meta))

    def token_count(self, meta, children):
        return s.TokenCount(int(children[0]), self._span(meta))

    def reduced_tokens(self, meta, children):
        return s.ReducedTokens(self._name(children[0]), int(children[1]), int(children[2]), self._span(meta))

    def win(self, meta, children):
        return s.ContestWin(self._name(children[0]), tuple(children[1:]), self._span(meta))

    def lose(self, meta, children):
        return s.ContestLose(self._name(children[0]), tuple(children[1:]), self._span(meta))

    # ---- neutral seats -------------------------------------------------------------------------
    def neutral_seat(self, meta, children):
        override, rest = self._override(children)
        name, *rest = rest
        hooks = tuple(c for c in rest if isinstance(c, (s.Hook, s.PhraseUse)))
        clauses = tuple(c for c in rest if not isinstance(c, (s.Hook, s.PhraseUse)))
        return s.NeutralSeat(self._text(name), clauses, hooks, override, self._span(meta))

    def controller_starts(self, meta, children):
        return s.ControllerStarts(tuple(children), self._span(meta))

    def control_follows(self, meta, children):
        return s.ControlFollows(self._name(children[0]), self._span(meta))

    def resolves_first(self, meta, children):
        return s.ResolvesFirst(self._span(meta))

    def pays_any_seller(self, meta, children):
        return s.PaysAnySeller(self._span(meta))

    def never_wins(self, meta, children):
        return s.NeverWins(self._span(meta))

    def forced_way(self, meta, children):
        return s.ForcedWay(self._name(children[0]), self._name(children[1]), self._span(meta))

    def last_resort(self, meta, children):
        return s.LastResort(self._name(children[0]), len(children) > 1, self._span(meta))

    def same_card(self, meta, children):
        return True
