"""The closed vocabularies and the limits of a compiled rule set.

These are the words the engine understands (timings, scopes, functions, ...) and the largest
values it accepts. The IR fields name them in their metadata (see :mod:`.constraints`), so that
the validator (:mod:`.validate`) and the JSON Schema (:mod:`.serial`) check the same things. A
limit exists so that nothing a rule set says can make the engine allocate without bound or run
for minutes; each is far above what a printed game needs.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = [
    "FORMAT_VERSION", "TIMINGS", "SCOPES", "TARGET_SCOPES", "COPY_SCOPES", "DIRECTIONS", "ORDERED_MOMENTS",
    "ORDER_STEPS", "COUNT_KINDS", "OPERATORS", "VARIABLES", "FUNCTIONS", "EXPRESSION_CONTEXTS", "WINNER_MODES",
    "TIE_BREAKS", "BOARD",
    "MAX_PLAYERS", "MAX_NEUTRALS", "MAX_SEATS", "MAX_AGES", "MAX_HAND", "MAX_TURNS", "MAX_DRAW", "MAX_COINS",
    "MAX_UNITS", "MAX_PRICE", "MAX_COUNT", "MAX_POINTS", "MAX_NUMBER", "MAX_OPTIONS", "MAX_NESTING",
    "MAX_SCORING_STEPS",
]

#: The version of the compiled format this engine reads.
FORMAT_VERSION = 1

#: When a hook fires.
#: passive: while the card is in the city; on_build: once, when it is built;
#: end_of_turn: once, at the end of the turn it was built; each_end_of_turn / each_end_of_age:
#: repeatedly from then on; end_of_game: at final scoring; whenever_builds: each time a city in
#: the hook's scopes builds a matching card.
TIMINGS = ("passive", "on_build", "end_of_turn", "each_end_of_turn", "each_end_of_age",
           "end_of_game", "whenever_builds")

#: Cities an effect can count in or act on, relative to the owner.
SCOPES = ("self", "left", "right", "neighbours", "others", "everyone", "partner", "their city")
#: Scopes that may receive an effect (`their city` only exists for counting).
TARGET_SCOPES = SCOPES[:-1]
#: Cities a card or a symbol may be copied from (never the owner's own).
COPY_SCOPES = tuple(s for s in TARGET_SCOPES if s != "self")

#: Sides of a city: where hands pass, who buys from whom, who starts with a neutral seat's marker.
DIRECTIONS = ("left", "right")

#: The moments whose effects run in a declared step order (`order` settings).
ORDERED_MOMENTS = ("on_build", "end_of_turn", "each_end_of_age")
#: The steps an `order` setting may list.
ORDER_STEPS = ("gain", "lose", "build", "score", "copy")

#: What `per ... in ...` counts.
COUNT_KINDS = ("cards", "stages", "tokens", "symbols")

#: Operators of expressions; `/` is floor division.
OPERATORS = ("+", "-", "*", "/")
#: Variables of expressions: the player count, the seat count (players and neutral seats), the age.
VARIABLES = ("players", "seats", "age")

#: Functions of expressions: name -> (the kinds of its name arguments, in order, a kind ending in
#: "?" may be left out; how many expression arguments it takes). A kind is a kind of declared
#: name, several kinds joined by "|", or "scope" (one of TARGET_SCOPES).
FUNCTIONS: Mapping[str, tuple[tuple[str, ...], int]] = MappingProxyType({
    "min": ((), 2),
    "max": ((), 2),
    "coins": ((), 0),
    "value": (("token",), 0),
    "tokens": (("token",), 0),
    "symbols": (("symbol|symbol group",), 0),
    "squares": (("symbol group",), 0),
    "sets": (("symbol group",), 0),
    "cards": (("colour?", "scope?"), 0),
    "stages": (("scope?",), 0),
})

#: Where an expression stands decides what it may use: context -> (variables, functions).
#: Game settings (hand, turns) know the table only; a pool draw also knows the age; scoring
#: formulas and conflict strengths read the city.
EXPRESSION_CONTEXTS: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] = MappingProxyType({
    "setting": (("players", "seats"), ("min", "max")),
    "draw": (("players", "seats", "age"), ("min", "max")),
    "quantity": (VARIABLES, tuple(FUNCTIONS)),
})

#: Who wins: the best player, or the best team.
WINNER_MODES = ("player", "team")
#: What breaks a tie of totals.
TIE_BREAKS = ("coins",)
#: The word that stands for a wonder board's starting resource among card colours.
BOARD = "board"

# ---- limits ------------------------------------------------------------------------------------

MAX_PLAYERS = 20
MAX_NEUTRALS = 20
MAX_SEATS = MAX_PLAYERS + MAX_NEUTRALS
MAX_AGES = 20
#: cards in a hand, and turns in an age
MAX_HAND = 50
MAX_TURNS = 50
#: cards drawn from a pool into one age's deck
MAX_DRAW = 500
#: coins of a cost, a gain, a loss, a sale or a starting treasury
MAX_COINS = 100
#: units of one resource in a cost or a production, symbols shown by one card
MAX_UNITS = 10
#: coins paid per unit bought
MAX_PRICE = 20
#: cards built from the discard pile or copied by one effect
MAX_COUNT = 10
#: points or tokens given (or taken) by one effect or one conflict result
MAX_POINTS = 100
#: any number written in an expression
MAX_NUMBER = 1_000_000
#: options of a rule set
MAX_OPTIONS = 50
#: how deeply the JSON of a rule set may nest (expressions are the deepest part)
MAX_NESTING = 64
#: steps final scoring may take through one city's end-of-game choices (either/or symbols, copied
#: cards and symbols): a combination walked through is a step, one scored is ten
MAX_SCORING_STEPS = 1_000_000
