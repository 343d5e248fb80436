"""The closed vocabularies of the core and the limits of a rule set.

These are the only words the engine understands. Every one of them is generic: a relation between
seats, a kind of quantity, an event, a period. The names a game gives to its resources, tokens,
zones, actions, decisions and moments are declared in its rule set.
"""

from __future__ import annotations

__all__ = [
    "FORMAT_VERSION", "RELATIONS", "VARIABLES", "ACTION_VARIABLES", "OPERATORS", "FUNCTIONS", "QUANTITIES",
    "AGGREGATES", "EVENTS", "PERIODS", "VISIBILITY", "DIRECTIONS", "STEPS", "WINNER_MODES", "TIE_BREAKS", "BOARD",
    "SCORE_SHEET_FIELDS",
    "MAX_PLAYERS", "MAX_NEUTRALS", "MAX_SEATS", "MAX_AGES", "MAX_STAGES", "MAX_COINS", "MAX_UNITS",
    "MAX_PRICE", "MAX_COUNT", "MAX_POINTS", "MAX_NUMBER", "MAX_OPTIONS", "MAX_NESTING", "MAX_SCORING_STEPS",
    "MAX_FLOW_STEPS", "MAX_HAND", "MAX_TURNS", "MAX_DRAW", "MAX_CASCADE", "MAX_VALUE", "MAX_AMOUNTS",
    "MAX_PAYMENTS", "MAX_PAYMENT_SEARCH", "MIN_SEED", "MAX_SEED",
]

#: The version of the compiled format this engine reads (1 was the format before the core; 3 replaced
#: the `only` of a way and the restrictions of a neutral seat by preferences).
FORMAT_VERSION = 3

#: Seats seen from a seat. `neighbours` is left and right (one seat when they are the same);
#: `others` every seat but itself; `everyone` every seat; `players` every seat a player owns;
#: `partners` and `enemies` the others of its team and of other teams (team play); `controller`
#: the player who decides for it; `target` the seat an effect is being applied to.
RELATIONS = ("self", "left", "right", "neighbours", "others", "everyone", "players", "partners", "enemies",
             "controller", "target", "opponent")

#: Variables of expressions: the table, the position in the flow, and the number chosen in a choice.
VARIABLES = ("players", "seats", "ages", "age", "turns", "turn", "hand", "amount", "loss")
#: the variables bound while an action is asked and carried out (see ir.Var)
ACTION_VARIABLES = ("amount", "loss")

#: Arithmetic (`/` floors; dividing by 0 gives 0), comparisons (1 or 0), logic on 0 / not 0.
OPERATORS = ("+", "-", "*", "/", "<", "<=", "==", "!=", ">=", ">", "and", "or")

FUNCTIONS = ("min", "max", "abs")

#: What a quantity counts in a seat's city.
QUANTITIES = ("coins", "tokens", "value", "cards", "stages", "symbols", "squares", "sets", "size")

AGGREGATES = ("sum", "max", "min")

#: What `whenever` listens to.
EVENTS = ("builds", "stages", "gains", "coins", "wins", "loses", "buys")

#: How often a granted ability renews.
PERIODS = ("", "turn", "age", "game")

#: Who sees the cards of a zone.
VISIBILITY = ("owner", "partners", "everyone", "nobody")

DIRECTIONS = ("left", "right")

#: The step of each kind of operation, to order the effects of one moment (`order`).
STEPS = ("gain", "lose", "decide", "move")

WINNER_MODES = ("player", "team")
TIE_BREAKS = ("coins",)

#: Among the sources of production, the board (its own effects) beside card colours.
BOARD = "board"

#: What a score sheet writes beside its columns (in a log, `wr trace --format json`): no score
#: column takes one of these names.
SCORE_SHEET_FIELDS = ("seat", "total", "coins", "choices")

# ---- limits: so that nothing a rule set says makes the engine allocate without bound or run for
# minutes; each is far above what a printed game needs.

MAX_PLAYERS = 20
MAX_NEUTRALS = 20
MAX_AGES = 20
#: cards in a hand, and turns in an age
MAX_HAND = 50
MAX_TURNS = 50
#: cards drawn from a pool into one age's deck
MAX_DRAW = 500
#: any number written in a rule set
MAX_NUMBER = 1_000_000
#: how deeply the JSON of a rule set may nest (expressions are the deepest part)
MAX_NESTING = 64
#: steps final scoring may take through one city's end-of-game choices (either/or symbols, copied
#: cards and symbols): a combination walked through is a step, one scored is ten. The bound is
#: counted for a city whose neighbours built every card it may copy, which no game reaches; that
#: city of Cities with Leaders (2.2 million steps) is scored in about 4 seconds on one core.
MAX_SCORING_STEPS = 5_000_000
#: steps of the flow one game may run at most (a round counts one)
MAX_FLOW_STEPS = 100_000
MAX_SEATS = MAX_PLAYERS + MAX_NEUTRALS
MAX_STAGES = 20
MAX_COINS = 1000
MAX_UNITS = 20
MAX_PRICE = 50
MAX_COUNT = 20
MAX_POINTS = 1000
MAX_OPTIONS = 50
#: `whenever` effects one cascade of events may set off while a game is played (see
#: :mod:`.cascade`); the bundled rule sets set off at most 3 (every table, random and greedy agents)
MAX_CASCADE = 10_000
#: the range of the numbers a game holds and computes, -MAX_VALUE to MAX_VALUE: each city's coins,
#: its tokens and their worth, each score column and total, every product an expression computes.
#: A game whose rules would go beyond it stops (engine.stop) with a sentence naming the number
#: (see value_range); `wr check` refuses what it can see going beyond (grammar/checks/ranges.py).
MAX_VALUE = 1_000_000_000
#: the amounts an action that takes an amount offers beyond its least (`amount LOW .. HIGH`): one
#: action per amount, at most this many + 1; a wider range stops the game (actions.amount_actions)
MAX_AMOUNTS = 1000
#: the ways a buyer with more than two sellers may be offered to pay one cost, and the steps of the
#: search for them (:mod:`.payments`): beyond either, the game stops (a cost of 20 units, sold by
#: nineteen sellers at one price, could be paid in 35 billion ways)
MAX_PAYMENTS = 10_000
MAX_PAYMENT_SEARCH = 1_000_000
#: the seeds of games: whole numbers of 64 bits, as a log and a file of records hold them
MIN_SEED = -(2**63)
MAX_SEED = 2**63 - 1
