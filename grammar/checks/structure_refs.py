"""Pass: the names of the game's structure refer to what they must, of the right kind and shape.

A deal gives cards to a zone of each seat and leaves the rest in a shared zone; an action takes
its card from a zone and keeps names unique in a zone of each seat; its ways open with declared
abilities; its operations are those an action may do; the flow deals declared deals, asks
declared decisions, passes zones of each seat and discards them into a shared zone; a neutral
seat's control travels with a zone of each seat. The names of preferences are ``preferences``'s;
values and required parts are ``values``'s."""

from __future__ import annotations

from wonderrules.grammar import syntax as s
from wonderrules.grammar.checks import expressions as ex
from wonderrules.grammar.checks.names import Names
from wonderrules.grammar.checks.references import EFFECT_WORDS, Refs
from wonderrules.grammar.diagnostics import Diagnostic, Label, error
from wonderrules.grammar.resolve import Model
from wonderrules.interpreter import words as w
from wonderrules.interpreter.flow_steps import nested_steps

__all__ = ["check", "ACTION_OPS"]

#: what an action's `then` may do: move its card, build a stage, and the operations that act once
ACTION_OPS = (s.MoveCard, s.BuildStage, s.GainCoins, s.GainTokens, s.LoseCoins, s.LoseTokens, s.Decide, s.Draw,
              s.Transfer)


def check(model: Model, names: Names) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    _Structure(model, names, diags).run()
    return diags


class _Structure(Refs):
    def zone_of(self, node: s.Name, per: str, why: str) -> None:
        """A declared zone of the right kind: one per seat, or one shared by the table."""
        if not self.name(node, "zone"):
            return
        zone = self.model.zones.get(node.text)
        if zone is not None and zone.per != per:
            other = "shared by the table" if zone.per == "shared" else "one per seat"
            self.diags.append(error("E0104", f"zone '{node.text}' is {other}, but {why}", node.span,
                                    labels=[Label(zone.name.span, "declared here")],
                                    help=f"name a zone declared `{'each seat' if per == 'seat' else 'shared'}`"))

    def run(self) -> None:
        m = self.model
        for zone in [*m.zones.values(), *(i for o in m.options.values() for i in o.items if isinstance(i, s.Zone))]:
            if zone.per == "shared" and zone.has("active"):
                prop = next(p for p in zone.properties if p.kind == "active")
                self.diags.append(error("E0104", "a shared zone cannot be active: the cards of a city are built "
                                        "in a zone of each seat", prop.span,
                                        help="declare the zone `each seat`, or remove `active`"))
        for deal in m.deals.values():
            clauses = list(deal.clauses) + [c for ext, _ in m.deal_extensions.get(deal.name.text, ())
                                            for c in ext.clauses]
            self.name(deal.deck, "deck")
            for c in clauses:
                if isinstance(c, s.DealTarget):
                    self.zone_of(c.zone, "seat", "a deal gives cards to a zone of each seat")
                    if c.seat is not None:
                        self.name(c.seat, "seat")
                    self.expr(c.count, ex.DEAL)
                else:
                    self.zone_of(c.zone, "shared", "the cards left over go to a zone shared by the table")
        for action in m.actions.values():
            self.action(action)
        for decision in m.decisions.values():
            for n in decision.actions:
                self.name(n, "action")
        if m.market is not None:
            for clause in m.market.clauses:
                if isinstance(clause, s.Sellers):
                    ex.check_seats(clause.seats, self.diags, exclude=("self", "their city"))
                elif isinstance(clause, s.Sells):
                    for n in clause.sources:
                        self.name(n, "colour", extra=(w.BOARD,), what="a colour or `board`")
                elif isinstance(clause, (s.MarketPrice, s.SellsOnly)):
                    for n in clause.resources:
                        self.name(n, "resource", "resource class")
                    ex.check_seats(clause.sellers, self.diags, exclude=("self", "their city"))
        steps = [st for st in nested_steps(m.flow.steps)] if m.flow is not None else []
        steps += [st for b, _ in m.at_blocks for st in nested_steps(b.steps)]
        for st in steps:
            self.step(st)
        for seat in m.seats.values():
            self.seat(seat)

    def action(self, a: s.Action) -> None:
        """`loss` is known in an action (0 unless a loss asked its decision); `amount` in the
        requirements and operations of one that takes an amount."""
        takes = a.first(s.AmountRange) is not None
        self.bound = ("loss", "amount") if takes else ("loss",)
        for c in a.clauses:
            if isinstance(c, s.AmountRange):
                self.bound = ("loss",)
                self.expr(c.low, ex.GAME)
                self.expr(c.high, ex.GAME)
                self.bound = ("loss", "amount") if takes else ("loss",)
            elif isinstance(c, s.CardFrom):
                self.name(c.zone, "zone")
            elif isinstance(c, s.UniqueIn):
                self.zone_of(c.zone, "seat", "names are unique in a zone of each seat")
            elif isinstance(c, s.Requirement):
                self.expr(c.condition, ex.GAME)
            elif isinstance(c, s.Way):
                for p in c.properties:
                    if p.ability is not None:
                        self.name(p.ability, "ability")
            elif isinstance(c, s.Then):
                for op in c.ops:
                    if not isinstance(op, ACTION_OPS):
                        self.diags.append(error(
                            "E0104", f"an action cannot `{EFFECT_WORDS[type(op)]}`", op.span,
                            help="an action moves its card, builds a stage, gains or loses coins or tokens, draws "
                                 "cards or asks a decision; lasting effects belong to cards and stages"))
                    self.effect(op)
        self.bound = ()

    def step(self, st: s.Step) -> None:
        if isinstance(st, s.DealStep):
            self.name(st.deal, "deal")
        elif isinstance(st, s.RoundStep):
            self.name(st.decision, "decision")
            if st.ability is not None:
                self.name(st.ability, "ability")
        elif isinstance(st, s.PassStep):
            self.zone_of(st.zone, "seat", "the players pass the cards of a zone of each seat")
        elif isinstance(st, s.DiscardStep):
            for z in st.zones:
                self.zone_of(z, "seat", "a discard empties zones of each seat")
            self.zone_of(st.to, "shared", "discarded cards go to a zone shared by the table")
        elif isinstance(st, s.Repeat):
            self.expr(st.times, ex.FLOW)
        elif isinstance(st, s.IfStep):
            self.expr(st.condition, ex.FLOW)

    def seat(self, seat: s.NeutralSeat) -> None:
        for c in seat.clauses:
            if isinstance(c, s.ControlFollows):
                self.zone_of(c.zone, "seat", "control travels with a zone of each seat")
