"""Running a game: the program of the flow, one instruction at a time, and the work queue.

A state advances until someone must decide or the game ends. Work items (named records,
:mod:`.work`) run before the next instruction: the effects of a resolution, the effects of a moment one by one
(each may ask for a decision, which pauses everything), decisions put off because their player
was already deciding.

Rules of the core carried out here, in the order they happen:

- *a round*: each seat asked chooses (a player with several seats chooses for its own first, then
  for each other in seat order, one sub-round each); a choice takes its card at once, and the
  choices of one card of a zone of the table take theirs in the round's order (seats that
  resolve first, then seat order): a seat whose card is gone by its turn is asked again, among
  the cards left once all are taken; then every chosen action resolves at once,
  the seats that resolve first before the others, then in seat order; then the effects of what
  was built (its `on build` effects, then the `whenever` effects it triggers, in the order of the
  builds, sorted by the declared steps of `on build` when there is an order);
- *a moment*: its contests, then its effects: those waiting for it since their source was built,
  and those of every active source that runs at each such moment, sorted by step (the declared
  order of the moment), then seat, then when they were registered; an effect registered while
  the moment runs joins it, never before the step being run;
- *a decision asked outside a round* (an effect's `decide`, a loss that may be taken as tokens) is
  asked of the seat's controller when it has a legal action (a loss: when there is a choice), and
  put off while that player is deciding something else;
- *an event* (a card or a stage built, a seller paid, coins from the bank, tokens gained by an
  effect, a contest or a loss paid in tokens; a contest won or lost: one record, :mod:`.events`)
  sets off the `whenever` effects listening to it, in the order the events happened and, for
  one event, in seat order then in the order their sources became active. The builds and
  purchases of a resolution are heard once it is over, with the `on build` effects (above).
  Other events' effects run as soon as what raised the event is over, before anything else
  waiting: after the effect that gained the tokens; after the moment's contests, before its
  other effects (a contest gives each result in turn: the winner's tokens, its win, the loser's
  tokens, its loss); after the effects of what a round's resolution built; after a loss is
  paid. An event of a kind no active source of the game listens to is never raised (a card or
  stage built is still recorded, for its own effects).
- *a cascade*: the effects that events set off while one step of the flow runs (a round with
  what its resolution sets off, a moment's contests), or one effect of a moment, count
  together, those they set off in turn and those after a decision they ask included; beyond
  the bound (:data:`.words.MAX_CASCADE`) the game stops, naming the effects (:mod:`.cascade`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import attrgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Optional

from wonderrules.interpreter.asks import RoundAsk, RoundUnderWay, decide_ask, round_asks
from wonderrules.interpreter.events import raise_event
from wonderrules.interpreter.legal import decision_actions
from wonderrules.interpreter.program import (
    AgeStart,
    AskRound,
    DealCards,
    DiscardZones,
    EndGame,
    Jump,
    JumpUnless,
    PassZone,
    RepeatTest,
    ResetCount,
    RunMoment,
    TurnStart,
)
from wonderrules.interpreter.stopping import judged, stop
from wonderrules.interpreter.value_range import check_sheets
from wonderrules.interpreter.values import Action, Decision
from wonderrules.interpreter.words import MAX_CASCADE
from wonderrules.interpreter.work import (
    NEXT,
    NEXT_READ,
    AskLater,
    LossLater,
    MomentEffect,
    NextOfMoment,
    RunEffect,
    RunEffectRead,
    RunHeard,
    RunHeardRead,
    SetOff,
    Waiting,
    WorkItem,
    read_when_set_off,
)

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Source
    from wonderrules.interpreter.game_data import GameData

__all__ = ["start", "advance", "apply", "lose_coins", "ask_decision", "move_cards", "place", "activate", "stop",
           "judged"]

# ---- the start --------------------------------------------------------------------------------

def start(st: GameData) -> None:
    """Boards, neutral seats and the effects of the rule set become active, then the program runs."""
    cat = st.catalog
    for city in st.cities:
        activate(st, city.seat, city.board.source, built=False)
    for seat, rules in st.neutral.items():
        activate(st, seat, cat.seat_sources[rules.name], built=False)
    for seat, src in st.game.rule_holders:
        activate(st, seat, src, built=False)
    advance(st)


def advance(st: GameData) -> None:
    program = st.catalog.program.instructions
    work = st.work
    while not st.pending and not st.terminal:
        if work:
            item = work.popleft()
            _WORK[type(item)](st, item)
        else:
            st.scratch.cascade = 0  # what earlier steps set off is over
            instr = program[st.pc]
            _INSTRUCTIONS[type(instr)](st, instr)


# ---- instructions ------------------------------------------------------------------------------

def _age(st: GameData, instr: AgeStart) -> None:
    if st.age >= st.config.ages:
        st.pc = instr.end
        return
    st.age += 1
    st.turn = 0
    _renew(st, "age")
    if st.catalog.renews_each_turn:  # a new age is a new turn too: what the last one used is not carried
        _renew(st, "turn")
    for seat, rules in st.neutral.items():
        starts = rules.controller_starts
        side = starts[min(st.age, len(starts)) - 1]
        holder = st.table.left(seat) if side == "left" else st.table.right(seat)
        while holder >= st.players:  # control goes to a player
            holder = st.table.left(holder) if side == "left" else st.table.right(holder)
        st.controller[seat] = holder
    st.pc += 1


def _turn(st: GameData, instr: TurnStart) -> None:
    if st.turn >= st.config.turns_by_age[st.age]:
        st.pc = instr.end
        return
    st.turn += 1
    if st.catalog.renews_each_turn:
        _renew(st, "turn")
    for city in st.cities:
        city.turn_start_coins = city.coins
        city.spent = 0
        # the market as it stands now is what rounds within this turn buy from (market.turn_parts)
        city.turn_version = city.version
    st.pc += 1


def _renew(st: GameData, period: str) -> None:
    for city in st.cities:
        for grant in city.grants:
            if grant.period == period:
                grant.used = 0


def _jump(st: GameData, instr: Jump) -> None:
    st.pc = instr.target


def _unless(st: GameData, instr: JumpUnless) -> None:
    st.pc = st.pc + 1 if instr.condition(st, 0, 0, None) else instr.target


def _reset(st: GameData, instr: ResetCount) -> None:
    st.slots[instr.slot] = 0
    st.pc += 1


def _repeat(st: GameData, instr: RepeatTest) -> None:
    slot, times, end = instr.slot, instr.times, instr.end
    if st.slots[slot] >= times(st, 0, 0, None):
        st.pc = end
        return
    st.slots[slot] += 1
    st.pc += 1


def _deal(st: GameData, instr: DealCards) -> None:
    st.game.deal(st, instr.deal)
    st.pc += 1


def _moment(st: GameData, instr: RunMoment) -> None:
    m = instr.moment
    st.pc += 1
    contests = st.game.contests_by_moment.get(m)
    if contests:
        st.game.resolve_contests(st, contests)
    elif m not in st.waiting and m not in st.catalog.moments_listened:
        return  # no effect of the rule set ever waits for this moment
    _moment_effects(st, m)
    if st.fired:  # the contests' results set off their listeners, before the moment's effects
        _flush(st)


def _moment_effects(st: GameData, m: int) -> None:
    queue = []
    steps = st.config.steps(st.catalog.moment_names[m])
    last = len(steps)
    new = tuple.__new__
    for seat, seq, hook in st.waiting.pop(m, ()):
        queue.append(new(MomentEffect, (steps.index(hook.step) if hook.step in steps else last, seat, seq, hook)))
    for city in st.cities:
        for hook, _ in city.at_each.get(m, ()):
            st.seq += 1
            queue.append(new(MomentEffect, (steps.index(hook.step) if hook.step in steps else last, city.seat, st.seq,
                                            hook)))
    if queue:
        st.moment_queue = queue
        st.moment_running = m
        st.moment_rank = 0
        if st.catalog.moment_conditioned and any(item.effect.condition is not None for item in queue):
            st.work.appendleft(NEXT_READ)  # the conditions are read first
        else:
            st.work.appendleft(NEXT)


def _round(st: GameData, instr: AskRound) -> None:
    decision, players_only, ability, within = instr.decision, instr.players_only, instr.ability, instr.within_turn
    st.round = tuple.__new__(RoundUnderWay, (decision, players_only, ability, within, 0))
    st.chosen = {}
    st.set_aside = {}
    ask_round(st)


def _pass(st: GameData, instr: PassZone) -> None:
    zone, step = instr.zone, instr.step
    if not step:
        step = st.config.pass_steps[st.age]
    p = st.players
    cities = st.cities
    moved = [cities[s].zones[zone] for s in range(p)]
    for s in range(p):
        cities[(s + step) % p].zones[zone] = moved[s]
    zone_name = st.catalog.zones[zone].name
    for seat, holder in list(st.controller.items()):
        if st.neutral[seat].control_follows == zone_name:
            st.controller[seat] = (holder + step) % p
    st.pc += 1


def _discard(st: GameData, instr: DiscardZones) -> None:
    zones, to = instr.zones, instr.to
    target = st.shared[to]
    for zone in zones:
        for city in st.cities:
            target.extend(city.zones[zone])
            city.zones[zone] = []
    st.pc += 1


def _end(st: GameData, instr: EndGame) -> None:
    sheets = st.game.scorer.sheets(st)
    check_sheets(st, sheets)
    st.sheets = sheets
    st.terminal = True


#: how the engine runs each kind of instruction of the program (:mod:`.program`)
_INSTRUCTIONS: Mapping[type, Callable[[Any, Any], None]] = MappingProxyType({
    AgeStart: _age, TurnStart: _turn, Jump: _jump, JumpUnless: _unless, ResetCount: _reset, RepeatTest: _repeat,
    DealCards: _deal, RunMoment: _moment, AskRound: _round, PassZone: _pass, DiscardZones: _discard, EndGame: _end,
})


# ---- rounds ------------------------------------------------------------------------------------

def _round_seats(st: GameData, player: int, players_only: bool, ability: int) -> list[int]:
    """The seats `player` decides for in a round: its own, then the neutral seats it controls."""
    seats = [player]
    if not players_only:
        seats.extend(s for s in sorted(st.neutral) if st.controller.get(s) == player)
    if ability >= 0:
        seats = [s for s in seats if any(g.ability == ability for g in st.cities[s].grants)]
    return seats


def ask_round(st: GameData) -> None:
    """Ask the next sub-round of the round under way, or resolve it when everyone has chosen."""
    assert st.round is not None
    decision, players_only, ability, within, sub = st.round
    pending = st.pending
    asked = st.asked
    legal = st.scratch.legal
    caches = st.caches
    asks = caches.asks.get((decision, within))  # the records of this round (asks.round_asks)
    if asks is None:
        asks = round_asks(st.game, decision, within)
    if ability < 0 and (players_only or not st.neutral):  # each player decides for its own seat
        if sub == 0:
            listing = st.catalog.decision_listings[decision]
            decisions = caches.round_decisions.get((decision, st.age, st.turn))
            if decisions is None:
                decisions = _round_decisions(st, decision)
            for player in range(st.players):
                if listing is not None:
                    found = listing(st, player, player, within)
                else:
                    found = decision_actions(st, player, player, decision, within)
                if found:
                    pending[player] = decisions[player]
                    asked[player] = asks[player]
                    legal[player] = found
            if pending:
                st.round = tuple.__new__(RoundUnderWay, (decision, players_only, ability, within, 1))
                return
        resolve_round(st)
        return
    dec = st.catalog.decisions[decision]
    name = dec.name
    title = _title(st, dec.title)
    while True:
        more = False
        for player in range(st.players):
            seats = _round_seats(st, player, players_only, ability)
            if sub >= len(seats):
                continue
            more = True
            seat = seats[sub]
            if seat in st.chosen:
                continue
            found = decision_actions(st, player, seat, decision, within)
            if found:
                pending[player] = Decision(player, seat, name, _for_seat(st, player, seat, title))
                asked[player] = asks[seat]
                legal[player] = found
        if pending:
            st.round = tuple.__new__(RoundUnderWay, (decision, players_only, ability, within, sub))
            return
        if not more:
            resolve_round(st)
            return
        sub += 1


def _round_decisions(st: GameData, decision: int) -> tuple[Decision, ...]:
    """The Decision of each player asked a round of `decision` for its own seat at this age and
    turn, kept for the table (:attr:`.TableCaches.round_decisions`)."""
    dec = st.catalog.decisions[decision]
    title = _title(st, dec.title)
    found = st.caches.round_decisions[(decision, st.age, st.turn)] = tuple(
        Decision(player, player, dec.name, title) for player in range(st.players))
    return found


def _for_seat(st: GameData, player: int, seat: int, title: str) -> str:
    """A round's title as its player reads it for one of its seats."""
    return title if seat == player else f"{title} (for {st.neutral[seat].name})"


def _title(st: GameData, title: str, seat: int = -1) -> str:
    if "{" not in title:
        return title
    title = title.replace("{age}", str(st.age)).replace("{turn}", str(st.turn))
    if seat >= 0 and "{loss}" in title:
        title = title.replace("{loss}", str(st.losses.get(seat, 0)))
    if seat >= 0 and "{cause}" in title:
        cause = st.loss_causes.get(seat)
        title = title.replace("{cause}", cause.name if cause is not None else "")
    return title


def resolve_round(st: GameData) -> None:
    chosen, set_aside = st.chosen, st.set_aside
    st.chosen = {}
    st.set_aside = {}
    st.round = None
    by_name = st.catalog.action_by_name
    for seat in st.resolve_order:
        action = chosen.get(seat)
        if action is not None:
            by_name[action.kind].run(st, seat, action, set_aside[seat])
    st.asked_within = {}
    items = build_items(st)
    if st.fired:
        items.extend(_take_fired(st))
    st.pc += 1
    st.work.extendleft(reversed(items))


def apply(st: GameData, actions: Mapping[int, Action]) -> None:
    """Carry out one legal choice per pending player (already judged), then go on."""
    waiting = st.asked
    record: dict[str, Any] = {}
    entries = []
    for p in sorted(actions):
        action = actions[p]
        entries.append((p, waiting.pop(p), action))
        record[_KEYS[p] if p < len(_KEYS) else str(p)] = action
    st.pending = {}
    st.scratch.legal = {}
    st.history.append({"type": "decisions", "actions": record})
    round_choices = False
    card_zone_of = st.catalog.card_zone_of
    shared, cities, chosen, set_aside, within = st.shared, st.cities, st.chosen, st.set_aside, st.asked_within
    shared_picks: Optional[list[tuple[int, RoundAsk, Action]]] = None
    for p, asked, action in entries:
        seat = asked.seat
        if type(asked) is RoundAsk:
            round_choices = True
            zone = card_zone_of[action.kind]
            if zone < 0:
                card = None
            elif zone in shared:  # another choice may name the same card: taken in order below
                if shared_picks is None:
                    shared_picks = []
                shared_picks.append((p, asked, action))
                continue
            else:
                cards = cities[p].zones[zone]
                card = cards.pop(list(map(_NAME, cards)).index(action.card))
            chosen[seat] = action
            set_aside[seat] = card
            within[seat] = asked.within
        else:  # a DecideAsk
            card = take_card(st, p, seat, action)
            execute(st, seat, action, card, within=False)
            if st.losses:
                st.losses.pop(seat, None)
                st.loss_causes.pop(seat, None)
            items = build_items(st)
            if st.fired:
                items.extend(_take_fired(st))
            st.work.extendleft(reversed(items))
    if round_choices:
        assert st.round is not None
        if shared_picks is None or not _take_in_order(st, shared_picks):
            ask_round(st)
    advance(st)


def _take_in_order(st: GameData, picks: list[tuple[int, RoundAsk, Action]]) -> bool:
    """The choices of a round that take a card of a shared zone take it in the round's order
    (seats that resolve first, then seat order); a choice whose card is gone by its turn (taken
    by a seat ahead) is asked again, among what is left once every card is taken. Whether anyone
    is asked again."""
    order = st.resolve_order
    picks.sort(key=lambda pick: order.index(pick[1].seat))
    card_zone_of = st.catalog.card_zone_of
    late = []
    for p, asked, action in picks:
        seat = asked.seat
        cards = st.shared[card_zone_of[action.kind]]
        names = list(map(_NAME, cards))
        if action.card in names:
            st.chosen[seat] = action
            st.set_aside[seat] = cards.pop(names.index(action.card))
            st.asked_within[seat] = asked.within
        else:
            late.append((p, asked, action.card))
    if late:  # the round's entry of the history says whose card went to a seat ahead
        st.history[-1]["taken"] = {_KEYS[p] if p < len(_KEYS) else str(p): card for p, _, card in late}
    for p, asked, card in late:
        seat, decision, within = asked.seat, asked.decision, asked.within
        found = decision_actions(st, p, seat, decision, within)
        if found:  # else the seat has nothing left to choose: it passes the round
            dec = st.catalog.decisions[decision]
            note = f"choose again: '{card}' went to a seat ahead of yours in the round's order"
            st.pending[p] = Decision(p, seat, dec.name, f"{_for_seat(st, p, seat, _title(st, dec.title))} ({note})")
            st.asked[p] = asked
            st.scratch.legal[p] = found
    return bool(st.pending)


def take_card(st: GameData, player: int, seat: int, action: Action) -> Optional[Source]:
    """Take the action's card out of the zone its kind takes cards from (the decider's, or the
    table's), first of that name."""
    zone = st.catalog.card_zone_of[action.kind]
    if zone < 0:
        return None
    shared = st.shared.get(zone)
    cards = shared if shared is not None else st.cities[player].zones[zone]
    return cards.pop(list(map(_NAME, cards)).index(action.card))  # a legal action names a card there


_NAME = attrgetter("name")
#: the order the effects of a moment run in (see MomentEffect)
_MOMENT_ORDER = attrgetter("rank", "seat", "seq")
#: the history's keys of the first players
_KEYS = tuple(str(p) for p in range(64))


def execute(st: GameData, seat: int, action: Action, card: Optional[Source], within: bool) -> None:
    """Carry out an action (see action_kinds._executor)."""
    st.catalog.action_by_name[action.kind].run(st, seat, action, card)


# ---- builds and moments ------------------------------------------------------------------------

def place(st: GameData, seat: int, src: Source, zone: int, way: str = "") -> None:
    """Put a card into a zone of a seat (or the table's zone); in an active zone it is built (by
    `way`, the way of the action that placed it: none for a card an effect moves)."""
    shared = st.shared.get(zone)
    if shared is not None:
        shared.append(src)
        return
    city = st.cities[seat]
    city.zones[zone].append(src)
    if st.catalog.zones[zone].active:
        if zone == city.card_zone:
            city.names.add(src.name)
            if src.colour_id >= 0:
                city.colour_counts[src.colour_id] += 1
        activate(st, seat, src, True, way)


def activate(st: GameData, seat: int, src: Source, built: bool, way: str = "") -> None:
    """A source becomes active in a city: its passive effects apply, its other effects wait for
    their trigger; a built source (by `way`) raises its build, heard with its build effects after
    the resolution."""
    city = st.cities[seat]
    city.active.append(src)
    for hook in src.passive:
        if hook.condition is None:
            hook.op.apply(st, seat)
        else:
            hook.apply(st, seat)
    if src.at_each:
        for m, hooks in src.at_each.items():
            city.at_each.setdefault(m, []).extend((h, src) for h in hooks)
    if src.listeners:
        listening = city.listeners
        for listener in src.listeners:
            kind = listener.kind
            listening[kind] = listening.get(kind, ()) + (listener,)
            if kind not in st.listening:
                st.listening = st.listening | {kind}
    if src.end_of_game:
        for hook in src.end_of_game:
            city.end_of_game.append((hook, src))
    if built:
        st.raised.append(("stages" if src.is_stage else "builds", seat, src, way, -1, None))
    elif src.at_once:
        for m, hooks in src.at_once.items():
            for hook in hooks:
                schedule(st, m, seat, hook)


def schedule(st: GameData, moment: int, seat: int, hook: Any) -> None:
    """An effect waits for the next `moment`; one registered while that moment runs joins it,
    its condition read as it joins."""
    st.seq += 1
    if st.moment_running == moment:
        if hook.condition is not None and not hook.holds(st, seat):
            return
        steps = st.config.steps(st.catalog.moment_names[moment])
        rank = steps.index(hook.step) if hook.step in steps else len(steps)
        st.moment_queue.append(tuple.__new__(MomentEffect, (max(rank, st.moment_rank), seat, st.seq, hook)))
    else:
        st.waiting.setdefault(moment, []).append(tuple.__new__(Waiting, (seat, st.seq, hook)))


def build_items(st: GameData) -> list[WorkItem]:
    """The work items of what the resolution raised: each source built, its `on build` effects and
    the `whenever` effects its build sets off (its effects waiting for a moment are registered),
    then those each purchase sets off."""
    items: list[SetOff] = []
    raised = st.raised
    st.raised = []
    listened = st.listening
    bought = False
    for event in raised:
        kind, seat, src, _, _, _ = event
        if kind == "buys":
            bought = True
            continue
        if src.on_build:
            items.extend(tuple.__new__(RunEffect, (hook, seat)) for hook in src.on_build)
        if kind in listened:
            raise_event(st, event, items)
        if src.at_once:
            for m, hooks in src.at_once.items():
                for hook in hooks:
                    schedule(st, m, seat, hook)
    if bought and "buys" in listened:
        for event in raised:
            if event[0] == "buys":
                raise_event(st, event, items)
    steps = st.config.steps("on build")
    if len(items) > 1 and steps:
        last = len(steps)
        items.sort(key=lambda it: steps.index(it.effect.step) if it.effect.step in steps else last)
    if st.catalog.conditioned and any(it.effect.condition is not None for it in items):
        # every condition of the effects of the builds is read now, before any of them runs
        return [read_when_set_off(it) for it in items if it.effect.condition is None or it.effect.holds(st, it.seat)]
    return items  # type: ignore[return-value]


def _hook(st: GameData, item: RunEffect) -> None:
    """An effect set off."""
    hook, seat = item
    hook.run(st, seat)
    if st.fired:
        _flush(st)


def _hook_read(st: GameData, item: RunEffectRead) -> None:
    """An effect set off whose condition was read (and held) when it was set off."""
    hook, seat = item
    hook.fire(st, seat)
    if st.fired:
        _flush(st)


def _heard(st: GameData, item: RunHeard | RunHeardRead) -> None:
    """A `whenever` effect set off by an event (a RunHeardRead: its condition was read, and held,
    when it was set off); one limited to once per period runs only the first time its condition holds in
    its period, and its city remembers that period."""
    listener, seat, event = item
    limited = st.cities[seat].limited if listener.period else None
    now = listener.now(st) if limited is not None else None
    if limited is not None and limited.get(listener, None) == now:
        return
    st.scratch.event = event
    if type(item) is RunHeardRead or listener.condition is None or listener.holds(st, seat):
        if limited is not None:
            limited[listener] = now
        listener.hook.op.run(st, seat)
    st.scratch.event = None
    if st.fired:
        _flush(st)


def _moment_next(st: GameData, item: NextOfMoment) -> None:
    """The next effect of the running moment. `read`: first read every condition of its effects,
    once its contests' listeners have run and before any of them runs; an effect runs when its
    condition held then."""
    if item.read:
        st.moment_queue = [item for item in st.moment_queue
                           if item.effect.condition is None or item.effect.holds(st, item.seat)]
    queue = st.moment_queue
    if not queue:
        st.moment_running = -1
        st.moment_rank = 0
        return
    queue.sort(key=_MOMENT_ORDER)
    rank, seat, _, hook = queue.pop(0)
    st.moment_rank = rank
    st.work.appendleft(NEXT)
    st.scratch.cascade = 0  # each effect of a moment starts a cascade of its own
    hook.fire(st, seat)
    if st.fired:
        _flush(st)


# ---- events ----------------------------------------------------------------------------------------

def _take_fired(st: GameData) -> list[RunHeard]:
    """The listeners of the events just raised, counted in the cascade under way: beyond the
    bound (:data:`.words.MAX_CASCADE`), the game stops, naming the effects involved."""
    fired = st.fired
    st.fired = []
    count = st.scratch.cascade + len(fired)
    if count > MAX_CASCADE:
        from wonderrules.interpreter.cascade import cascade_sentence

        stop(st, cascade_sentence(st, fired))
    st.scratch.cascade = count
    return fired


def _flush(st: GameData) -> None:
    """The listeners of the events just raised run next, in order, before anything else waiting."""
    st.work.extendleft(reversed(_take_fired(st)))


# ---- decisions outside rounds --------------------------------------------------------------------

def ask_decision(st: GameData, seat: int, decision: int) -> None:
    """The seat's controller decides now, when the decision has a legal action; put off while
    that player is deciding something else."""
    player = st.controller_of(seat)
    if player in st.pending:
        st.work.appendleft(AskLater(seat, decision))
        return
    found = decision_actions(st, player, seat, decision, False)
    if not found:
        return
    dec = st.catalog.decisions[decision]
    st.pending[player] = Decision(player, seat, dec.name, _title(st, dec.title))
    st.asked[player] = decide_ask(st.game, seat, decision)
    st.scratch.legal[player] = found


def lose_coins(st: GameData, seat: int, n: int, decision: Optional[int], cause: Optional[Source] = None) -> None:
    """A seat loses `n` coins to the bank (never more than it has); with a decision, its
    controller decides it instead, `loss` bound to `n` and `cause` the card or stage whose effect
    the loss is (see ask_loss)."""
    if decision is None:
        city = st.cities[seat]
        city.coins -= min(city.coins, n)
        return
    ask_loss(st, seat, n, decision, False, cause)


def ask_loss(st: GameData, seat: int, n: int, decision: int, later: bool = False,
             cause: Optional[Source] = None) -> None:
    """The decision a loss of `n` coins asks, with `loss` bound to `n` and the loss's cause
    recorded (`{cause}` in the decision's title; the source of the coins and tokens its action
    gives): when it offers more than one action at the moment of the loss, the seat's controller
    chooses (put off while that player is deciding something else, and asked when its turn
    comes); its one action is carried out at once; none: nothing happens."""
    losses = st.losses
    causes = st.loss_causes
    held = losses.get(seat)  # the loss of the seat's decision asked already, if any
    held_cause = causes.get(seat)
    losses[seat] = n
    causes[seat] = cause
    player = st.controller_of(seat)
    found = decision_actions(st, player, seat, decision, False)
    if (len(found) > 1 or (later and found)) and player not in st.pending:
        dec = st.catalog.decisions[decision]
        st.pending[player] = Decision(player, seat, dec.name, _title(st, dec.title, seat))
        st.asked[player] = decide_ask(st.game, seat, decision)
        st.scratch.legal[player] = found
        return
    if len(found) == 1 and not later:
        action = found[0]
        execute(st, seat, action, take_card(st, player, seat, action), within=False)
    elif found:
        st.work.appendleft(LossLater(seat, n, decision, cause))
    if held is None:
        del losses[seat]
        del causes[seat]
    else:
        losses[seat] = held
        causes[seat] = held_cause


def move_cards(st: GameData, n: int, from_zone: int, from_seat: int, to_zone: int, to_seat: int) -> None:
    source = st.zone(from_zone, from_seat)
    for _ in range(min(n, len(source))):
        place(st, to_seat, source.pop(0), to_zone)


def _ask_later(st: GameData, item: AskLater) -> None:
    ask_decision(st, item.seat, item.decision)


def _loss_later(st: GameData, item: LossLater) -> None:
    ask_loss(st, item.seat, item.n, item.decision, True, item.cause)


#: how the engine runs each kind of work item (:mod:`.work`)
_WORK: Mapping[type, Callable[[Any, Any], None]] = MappingProxyType({
    RunEffect: _hook, RunEffectRead: _hook_read, RunHeard: _heard, RunHeardRead: _heard, NextOfMoment: _moment_next,
    AskLater: _ask_later, LossLater: _loss_later,
})
