"""The game state machine: simultaneous choices, simultaneous resolution, then the rule set's
moments (end of turn, end of age, end of game) in order.

The flow is a queue of work items (method name and arguments: plain data, so a state can be
copied); running an item may ask players for decisions, which pauses the queue until
:meth:`State.apply_actions` receives every pending choice.

Seating: seats 0..N-1 sit clockwise, players first, then any neutral seats. The left neighbour of
seat i is seat i+1 (mod N), the right neighbour seat i-1. Passing left gives your hand to your
left neighbour; hands pass between player seats only.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Optional

from wonderrules.interpreter import legal
from wonderrules.interpreter.actions import BUILD, PAY, PICK, SELL, Action, Decision, IllegalActionError
from wonderrules.interpreter.arguments import check_action, check_actions, check_player, is_action
from wonderrules.interpreter.catalog import Source
from wonderrules.interpreter.errors import ArgumentError
from wonderrules.interpreter.state import City

__all__ = ["State"]


class State:
    """One game in progress. Create with :meth:`wonderrules.interpreter.game.Game.new_initial_state`."""

    def __init__(self, game, seed: int, boards: list, deals: Mapping[int, list[list[Source]]],
                 rng: Optional[random.Random] = None) -> None:
        self.game = game
        self.cat = game.catalog
        #: the rule set's payment answers, shared by every game of it (pure caches)
        self.trade = game.catalog.trade
        #: what a seller that sells nothing offers (the right side when one city is both neighbours)
        self._no_sales = self.trade.part(((0,) * len(self.cat.resources), ()))
        self.config = game.config
        self.seed = seed
        self.rng = rng if rng is not None else random.Random(seed)
        cfg = self.config
        self.n = cfg.seats
        self.players = cfg.players
        self.neutral_seats = list(range(cfg.players, cfg.seats))
        self.neutral_rules = {cfg.players + i: n for i, n in enumerate(cfg.neutrals)}
        sell_board = "board" in cfg.neighbours_sell
        self.cities = [City(s, boards[s], self.cat, cfg.start_coins, cfg.trade_price, sell_board,
                            s in self.neutral_rules) for s in range(self.n)]
        self.team_size = cfg.team_size
        self.hands: list[list[Source]] = [[] for _ in range(self.n)]
        self.piles: dict[int, list[Source]] = {s: [] for s in self.neutral_seats}
        self.controller: dict[int, int] = {}
        self.discard: list[Source] = []
        self.age = 0
        self.turn = 0
        self.phase = "setup"
        self.pending: dict[int, Decision] = {}
        self.chosen: dict[int, tuple[int, Action]] = {}  # seat -> (player, action)
        self.built_this_turn: list[tuple[int, Source]] = []
        self._eot: list[tuple[int, int, int, object]] = []  # (rank, seat, seq, hook)
        self._eot_rank = 0
        self._seq = 0
        self._losses: dict[int, tuple[int, int, int]] = {}  # player -> (seat, amount, token)
        self._new_builds: list[tuple[int, Source]] = []
        self._turn_sales: dict[int, tuple] = {}
        self._work: deque = deque()
        self._legal: dict[int, list[Action]] = {}
        self._deals = dict(deals)
        self.dealt: dict[int, dict] = {}
        self.history: list[dict] = [{"type": "setup", "seed": seed, "players": cfg.players,
                                      "options": list(cfg.options),
                                      "boards": [[b.name, b.side] for b in boards]}]
        self.sheets: Optional[list] = None
        self.terminal = False
        self._strength = game.strengths
        self._work.append(("_start_age",))
        self._advance()

    # ---- public API ----------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.terminal

    def pending_decisions(self) -> dict[int, Decision]:
        """Who must choose now: player -> decision (all of them choose at the same time)."""
        return dict(self.pending)

    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action of `player` now: [] when they have nothing to decide. ArgumentError
        when `player` is not a player of this game (0 to players - 1)."""
        if type(player) is int:
            acts = self._legal.get(player)
            if acts is not None:
                return acts
            if not 0 <= player < self.players:
                check_player(self.players, player)
        else:
            player = check_player(self.players, player)
        dec = self.pending.get(player)
        if dec is None:
            return []
        acts = self._legal.get(player)
        if acts is None:
            acts = self._legal[player] = legal.actions_for(self, dec)
        return acts

    def explain(self, player: int, action: Action) -> Optional[str]:
        """Why `action` is illegal for `player` now, or None when it is legal. ArgumentError when
        `player` is not a player of this game or `action` is not a well-formed Action."""
        player = check_player(self.players, player)
        check_action(action)
        return self._reason(player, action)

    def _reason(self, player: int, action: Action) -> Optional[str]:
        if self.terminal:
            return "the game is over"
        dec = self.pending.get(player)
        if dec is None:
            waiting = ", ".join(str(p) for p in sorted(self.pending)) or "nobody"
            return f"player {player} has no decision to make now (waiting for: {waiting})"
        if action in self.legal_actions(player):
            return None
        return legal.reason(self, dec, action)

    def apply_actions(self, actions: Mapping[int, Action]) -> None:
        """Apply one choice per pending player, all at once. A refused call changes nothing:
        ArgumentError for a wrong argument (not a mapping of player numbers to Actions, or a game
        that is over), IllegalActionError (with a reason per refused player) when any choice is
        illegal or missing."""
        if self.terminal:
            raise ArgumentError("the game is over: there is no decision to apply actions to")
        players = self.players
        if type(actions) is not dict:
            actions = check_actions(players, actions)
        reasons: dict[int, str] = {}
        for p, a in actions.items():
            if type(p) is not int or not 0 <= p < players or not is_action(a):
                # a wrong argument (refused with its sentence), or players and actions of other
                # types that stand for right ones: checked and converted, then applied
                return self.apply_actions(check_actions(players, actions))
            why = self._reason(p, a)
            if why is not None:
                reasons[p] = why
        for p in self.pending:
            if p not in actions:
                reasons[p] = f"player {p} must choose ({self.pending[p].kind})"
        if reasons:
            raise IllegalActionError(reasons)
        decisions = dict(self.pending)
        self.history.append({"type": "decisions",
                             "actions": {str(p): actions[p].to_json() for p in sorted(decisions)}})
        self.pending = {}
        self._legal = {}
        kinds = {d.kind for d in decisions.values()}
        if kinds <= {"play", "extra"}:
            for p, dec in decisions.items():
                self._choose(dec, actions[p])
            if decisions and next(iter(decisions.values())).kind == "play":
                self._after_choices()
            else:
                self._work.appendleft(("_resolve_chosen", "extra"))
        else:
            for p, dec in sorted(decisions.items()):
                a = actions[p]
                if dec.kind == PICK:
                    self._build_from_discard(dec.seat, a.card)
                elif dec.kind == PAY:
                    seat, amount, token = self._losses.pop(p)
                    self._pay_loss(seat, amount, token, a.coins)
        self._advance()

    # ---- neighbours and scopes -----------------------------------------------------------------
    def left(self, seat: int) -> int:
        return (seat + 1) % self.n

    def right(self, seat: int) -> int:
        return (seat - 1) % self.n

    def partner_seats(self, seat: int) -> list[int]:
        if not self.team_size or seat >= self.players:
            return []
        team = seat // self.team_size
        return [s for s in range(team * self.team_size, (team + 1) * self.team_size) if s != seat]

    def team_of(self, seat: int) -> int:
        return seat // self.team_size if self.team_size else seat

    def seats_for(self, scope: str, owner: int, target: Optional[int]) -> list[int]:
        if scope == "self":
            return [owner]
        if scope == "left":
            return [self.left(owner)]
        if scope == "right":
            return [self.right(owner)]
        if scope == "neighbours":
            left, right = self.left(owner), self.right(owner)
            return [left] if left == right else [left, right]
        if scope == "others":
            return [s for s in range(self.n) if s != owner]
        if scope == "everyone":
            return list(range(self.n))
        if scope == "partner":
            return self.partner_seats(owner)
        if scope == "their city":
            return [owner if target is None else target]
        raise ValueError(f"unknown scope {scope!r}")

    def targets_of(self, scopes: Iterable[str], owner: int) -> list[int]:
        out: list[int] = []
        for scope in scopes:
            for s in self.seats_for(scope, owner, None):
                if s not in out:
                    out.append(s)
        return out

    def player_of(self, seat: int) -> int:
        """Who decides for a seat: its player, or a neutral seat's current controller."""
        return self.controller.get(seat, seat) if seat in self.neutral_rules else seat

    # ---- effect interface (called by hooks) ----------------------------------------------------
    def gain_coins(self, seat: int, n: int) -> None:
        self.cities[seat].coins += n

    def gain_tokens(self, seat: int, token: int, n: int, worth: int) -> None:
        city = self.cities[seat]
        city.token_counts[token] += n
        city.token_values[token] += n * worth

    def lose_coins(self, seat: int, n: int, token: Optional[int]) -> None:
        city = self.cities[seat]
        if token is None or city.coins == 0:
            self._pay_loss(seat, n, token, min(city.coins, n))
            return
        player = self.player_of(seat)
        if player in self.pending:
            self._work.appendleft(("_ask_loss", seat, n, token))
            return
        self._ask_loss(seat, n, token)

    def _ask_loss(self, seat: int, n: int, token: int) -> None:
        player = self.player_of(seat)
        if player in self.pending:
            self._work.appendleft(("_ask_loss", seat, n, token))
            return
        self._losses[player] = (seat, n, token)
        tname = self.cat.tokens[token]
        self.pending[player] = Decision(player, seat, PAY,
                                        f"lose {n} coin(s): pay in coins, the rest as {tname} tokens")

    def _pay_loss(self, seat: int, n: int, token: Optional[int], coins: int) -> None:
        city = self.cities[seat]
        coins = max(0, min(coins, n, city.coins))
        city.coins -= coins
        if token is not None and n - coins > 0:
            self.gain_tokens(seat, token, n - coins, 1)

    def request_discard_build(self, seat: int) -> None:
        if not legal.discard_choices(self, seat):
            return
        player = self.player_of(seat)
        if player in self.pending:
            self._work.appendleft(("_ask_pick", seat))
            return
        self._ask_pick(seat)

    def _ask_pick(self, seat: int) -> None:
        player = self.player_of(seat)
        if player in self.pending:
            self._work.appendleft(("_ask_pick", seat))
            return
        if not legal.discard_choices(self, seat):
            return
        self.pending[player] = Decision(player, seat, PICK, "build a card from the discard pile for free")

    # ---- trade contexts ------------------------------------------------------------------------
    def _sales(self, seat: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        """What neighbours may buy from a city: fixed units and either/or units."""
        city = self.cities[seat]
        _, derived = city.derived_choices(self.cat) if city.derived else ([], [])
        return tuple(city.sell_fixed), tuple(sorted(city.sell_choices + derived))

    def _prices(self, seat: int) -> tuple:
        """(left prices, right prices, left rebate, right rebate) of a buyer. When one city is both
        neighbours (two seats) it is one seller, the left one: a unit costs the lower of the two
        prices, and both rebates apply to it (it is the left and the right neighbour at once)."""
        city = self.cities[seat]
        left, right = city.prices
        if self.n < 3:  # one city is both neighbours
            low = tuple(a if a < b else b for a, b in zip(left, right))
            return low, low, city.rebates[0] + city.rebates[1], 0
        return tuple(left), tuple(right), city.rebates[0], city.rebates[1]

    def _parts(self, seat: int) -> tuple:
        """(version, own production part, sales part, prices part, context stamp, context) of a
        seat. Recomputed when the city's production or prices change: every such change bumps
        `city.version` (effects that add production, derived production, prices or rebates;
        derived production reads only built cards' production, which bumps it too). The last
        two are the memo of :meth:`trade_context`."""
        city = self.cities[seat]
        parts = city.parts
        if parts is not None and parts[0] == city.version:
            return parts
        trade = self.trade
        own_d, _ = city.derived_choices(self.cat) if city.derived else ([], [])
        own = trade.part((tuple(city.fixed), tuple(sorted(city.choices + own_d))))
        city.parts = (city.version, own, trade.part(self._sales(seat)), trade.part(self._prices(seat)), None, None)
        return city.parts

    def trade_context(self, seat: int, start_of_turn: bool = False):
        """The trade context of a seat (own production, neighbours' sales, prices; see
        :mod:`~wonderrules.interpreter.trading`). With `start_of_turn`, neighbours
        sell only what they had when the turn began: nothing may be bought from a card a
        neighbour built during the turn. A city that is both neighbours sells as the left one."""
        if start_of_turn and self._turn_sales:
            # prices too: a discount built this turn works from the next turn
            sales = self._turn_sales
            part = self.trade.part
            left, right = self.left(seat), self.right(seat)
            return self.trade.context(self._parts(seat)[1], part(sales[left][0]),
                                      part(sales[right][0]) if right != left else self._no_sales,
                                      part(sales[seat][1]))
        cities = self.cities
        n = self.n
        city = cities[seat]
        lc = cities[(seat + 1) % n]
        rc = cities[(seat - 1) % n]
        # the memo lives in this city's (immutable) parts tuple: copies of a state never share it
        stamp = (city.version, lc.version, rc.version)
        parts = city.parts
        if parts is not None and parts[4] == stamp:
            return parts[5]
        me = self._parts(seat)
        ctx = self.trade.context(me[1], self._parts(lc.seat)[2],
                                 self._parts(rc.seat)[2] if rc is not lc else self._no_sales, me[3])
        city.parts = city.parts[:4] + (stamp, ctx)
        return ctx

    # ---- the flow ------------------------------------------------------------------------------
    def _advance(self) -> None:
        while not self.pending and not self.terminal and self._work:
            item = self._work.popleft()
            getattr(self, item[0])(*item[1:])

    def _start_age(self) -> None:
        self.age += 1
        self.turn = 0
        deal = self._deals.get(self.age)
        if deal is None:
            deal = self.game.deal(self.age, self.rng)
        hands = [list(h) for h in deal]
        record: dict = {"type": "deal", "age": self.age, "hands": [], "piles": {}}
        for i, seat in enumerate(range(self.players)):
            self.hands[seat] = hands[i]
            record["hands"].append([c.name for c in hands[i]])
        for j, seat in enumerate(s for s in self.neutral_seats if self.neutral_rules[s].dealt_pile):
            self.piles[seat] = hands[self.players + j]
            record["piles"][str(seat)] = [c.name for c in self.piles[seat]]
        self.dealt[self.age] = record
        self.history.append(record)
        for city in self.cities:
            for fb in city.free_builds:
                fb[1] = False
        for seat, rules in self.neutral_rules.items():
            side = rules.control_starts[min(self.age, len(rules.control_starts)) - 1]
            start = self.left(seat) if side == "left" else self.right(seat)
            while start >= self.players:  # the marker goes to a player
                start = self.left(start) if side == "left" else self.right(start)
            self.controller[seat] = start
        self._work.append(("_start_turn",))

    def _start_turn(self) -> None:
        self.turn += 1
        for seat, rules in self.neutral_rules.items():
            pile = self.piles.get(seat)
            holder = self.controller.get(seat)
            for _ in range(rules.draws_per_turn):
                if pile and holder is not None:
                    self.hands[holder].append(pile.pop(0))
        for city in self.cities:
            city.turn_start_coins = city.coins
            city.spent = 0
        self._turn_sales = {}
        if self.turn >= self.config.turns:  # for cards played after the turn's resolution
            self._turn_sales = {s: (self._sales(s), self._prices(s)) for s in range(self.n)}
        self.chosen = {}
        self.built_this_turn = []
        self.phase = "play"
        for p in range(self.players):
            if self.hands[p]:
                self.pending[p] = Decision(p, p, "play", f"age {self.age}, turn {self.turn}")
        if not self.pending:
            self._work.appendleft(("_resolve_chosen", "play"))

    def _choose(self, dec: Decision, action: Action) -> None:
        hand = self.hands[dec.player]
        for i, card in enumerate(hand):
            if card.name == action.card:
                del hand[i]
                self.chosen[dec.seat] = (dec.player, action, card)
                return
        raise AssertionError("a legal action names a card in hand")

    def _after_choices(self) -> None:
        for seat in self.neutral_seats:
            holder = self.controller.get(seat)
            if holder is not None and seat not in self.chosen and self.hands[holder]:
                self.pending[holder] = Decision(holder, seat, "play", f"the card for {self.neutral_rules[seat].name}")
        if self.pending:
            self.phase = "neutral"
            return
        self._work.appendleft(("_resolve_chosen", "play"))

    def _resolve_chosen(self, round_kind: str) -> None:
        """Pay, then place every chosen card at once; then run the build hooks."""
        chosen = self.chosen
        self.chosen = {}
        order = sorted(chosen, key=lambda s: (s not in self.neutral_rules, s))
        for seat in order:
            _, action, card = chosen[seat]
            city = self.cities[seat]
            if action.kind == SELL:
                self.discard.append(card)
                city.coins += self.config.sell_coins
                continue
            coins = action.left + action.right
            if action.kind == BUILD:
                if action.means == "":
                    coins += card.coins
                elif action.means == "free":
                    for fb in city.free_builds:
                        if not fb[1] and (not fb[0] or card.colour in fb[0]):
                            fb[1] = True
                            break
            else:
                coins += city.board.stages[city.stages_built].coins
            city.coins -= coins
            city.spent += coins
            if action.left:
                self.cities[self.left(seat)].coins += action.left
            if action.right:
                self.cities[self.right(seat)].coins += action.right
            if action.kind == BUILD:
                self._place_card(seat, card)
            else:
                stage = city.board.stages[city.stages_built]
                city.stages_built += 1
                self._place(seat, stage)
        # hooks of what was built run after everything is placed, in seat order
        items: list[tuple] = []
        for seat, src in self._new_builds:
            items.extend(self._build_hooks(seat, src))
        self._new_builds = []
        if len(items) > 1 and self.config.steps("on_build"):
            items = self._ordered(items, "on_build")
        self._work.appendleft(("_after_resolve", round_kind))
        self._work.extendleft(reversed(items))

    def _place_card(self, seat: int, card: Source) -> None:
        city = self.cities[seat]
        city.built.append(card)
        city.names.add(card.name)
        ci = self.cat.colour_index.get(card.colour)
        if ci is not None:
            city.colour_counts[ci] += 1
        self._place(seat, card)

    def _place(self, seat: int, src: Source) -> None:
        city = self.cities[seat]
        for hook in src.passive:
            hook.apply(self, seat)
        for hook in src.each_end_of_turn:
            city.each_end_of_turn.append((hook, src))
        for hook in src.each_end_of_age:
            city.each_end_of_age.append((hook, src))
        for scopes, colours, hook in src.whenever:
            city.whenever.append((scopes, colours, hook, src))
        for hook in src.end_of_game:
            city.end_of_game.append((hook, src))
        self.built_this_turn.append((seat, src))
        self._new_builds.append((seat, src))

    def _build_hooks(self, seat: int, src: Source) -> list[tuple]:
        """Work items for the build hooks of `src` (and `whenever` hooks it fires); its end-of-turn
        hooks are scheduled for the end of this turn."""
        items = [("_run_hook", hook, seat) for hook in src.on_build]
        if not src.is_stage:
            for c in self.cities:
                for scopes, colours, hook, _ in c.whenever:
                    if (not colours or src.colour in colours) and any(
                            seat in self.seats_for(sc, c.seat, None) for sc in scopes):
                        items.append(("_run_hook", hook, c.seat))
        for hook in src.end_of_turn:
            self._schedule_eot(hook, seat)
        return items

    def _schedule_eot(self, hook, seat: int) -> None:
        steps = self.config.steps("end_of_turn")
        rank = steps.index(hook.step) if hook.step in steps else len(steps)
        self._seq += 1
        self._eot.append((max(rank, self._eot_rank), seat, self._seq, hook))

    def _ordered(self, items: list[tuple], timing: str) -> list[tuple]:
        """Work items sorted by the declared step order of a moment (stable: seat order within
        a step; steps not named run after the named ones)."""
        steps = self.config.steps(timing)
        last = len(steps)
        return sorted(items, key=lambda it: steps.index(it[1].step) if it[1].step in steps else last)

    def _run_hook(self, hook, seat: int) -> None:
        hook.run(self, seat)

    def _after_resolve(self, round_kind: str) -> None:
        cfg = self.config
        if round_kind == "play" and self.turn >= cfg.turns:
            for p in range(self.players):
                city = self.cities[p]
                if city.play_last and self.hands[p]:
                    self.pending[p] = Decision(p, p, "extra", "play the card left at the end of the age")
            if self.pending:
                self.phase = "extra"
                return
        self._work.appendleft(("_finish_turn",))

    def _finish_turn(self) -> None:
        if self.turn >= self.config.turns:
            for seat in range(self.n):
                self.discard.extend(self.hands[seat])
                self.hands[seat] = []
            for seat in self.piles:
                self.discard.extend(self.piles[seat])
                self.piles[seat] = []
        for city in self.cities:
            for hook, _ in city.each_end_of_turn:
                self._schedule_eot(hook, city.seat)
        self._eot_rank = 0
        self._work.appendleft(("_end_turn",))
        self._work.appendleft(("_eot_next",))

    def _eot_next(self) -> None:
        if not self._eot:
            self._eot_rank = 0
            return
        self._eot.sort(key=lambda x: (x[0], x[1], x[2]))
        rank, seat, _, hook = self._eot.pop(0)
        self._eot_rank = rank
        self._work.appendleft(("_eot_next",))
        hook.run(self, seat)

    def _build_from_discard(self, seat: int, name: str) -> None:
        for i, card in enumerate(self.discard):
            if card.name == name:
                del self.discard[i]
                self._place_card(seat, card)
                self._new_builds = []
                items = self._build_hooks(seat, card)
                if len(items) > 1 and self.config.steps("on_build"):
                    items = self._ordered(items, "on_build")
                self._work.extendleft(reversed(items))
                return
        raise AssertionError("a legal pick names a card in the discard pile")

    def _end_turn(self) -> None:
        if self.turn < self.config.turns:
            self._pass_hands()
            self._work.append(("_start_turn",))
        else:
            self._work.append(("_end_age",))

    def _pass_hands(self) -> None:
        direction = self.config.pass_directions[(self.age - 1) % len(self.config.pass_directions)]
        p = self.players
        step = 1 if direction == "left" else -1
        new = [[] for _ in range(self.n)]
        for seat in range(p):
            new[(seat + step) % p] = self.hands[seat]
        for seat, holder in list(self.controller.items()):
            self.controller[seat] = (holder + step) % p
        self.hands = new

    def _end_age(self) -> None:
        from wonderrules.interpreter.conflicts import resolve_conflicts

        resolve_conflicts(self)
        items = [("_run_hook", hook, city.seat) for city in self.cities for hook, _ in city.each_end_of_age]
        self._work.extend(self._ordered(items, "each_end_of_age") if len(items) > 1 else items)
        if self.age < self.config.ages:
            self._work.append(("_start_age",))
        else:
            self._work.append(("_end_game",))

    def _end_game(self) -> None:
        self.phase = "over"
        self.sheets = self.game.scorer.sheets(self)
        self.terminal = True

    # ---- results -------------------------------------------------------------------------------
    def scores(self) -> list:
        """The score sheet of every seat (after the game ends)."""
        if not self.terminal:
            raise ArgumentError("the game is not over: scores exist at the end of the game")
        return list(self.sheets)

    def winners(self) -> list[int]:
        from wonderrules.interpreter.results import winners

        return winners(self)

    def returns(self) -> list[float]:
        """1 for each winner (shared ties split), 0 otherwise, per player."""
        if not self.terminal:
            return [0.0] * self.players
        w = self.winners()
        return [1.0 / len(w) if p in w else 0.0 for p in range(self.players)]

    # ---- copies --------------------------------------------------------------------------------
    def clone(self) -> State:
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.cities = [c.copy() for c in self.cities]
        other.hands = [list(h) for h in self.hands]
        other.piles = {k: list(v) for k, v in self.piles.items()}
        other.controller = dict(self.controller)
        other.discard = list(self.discard)
        other.pending = dict(self.pending)
        other.chosen = dict(self.chosen)
        other.built_this_turn = list(self.built_this_turn)
        other._eot = list(self._eot)
        other._losses = dict(self._losses)
        other._work = deque(self._work)
        other._legal = {}
        other._new_builds = list(self._new_builds)
        other.dealt = dict(self.dealt)
        other.history = list(self.history)
        other.sheets = list(self.sheets) if self.sheets is not None else None
        return other

