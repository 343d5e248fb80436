"""One line about each keyword of the language, and the language page that explains it.

The hover of `wr lsp` shows a keyword's line with its page. A line says what the word does in the
lines it appears in, with examples in backticks: each one a whole line of a rule set, read as it
stands or inside the block it belongs to (a card's effect line, a game setting, a clause of an
action, a market, a flow, a contest, a seat, an option, a deal, a wonder). A part of a line is
marked with "…" where the rest is left out, a form has its words to fill in in capitals
(`takes part: EXPR`), and a single word in backticks is a word. The tests read every keyword of
the grammar against this table and every whole-line example with the parser.
"""

from __future__ import annotations

__all__ = ["KEYWORD_DOCS", "KEYWORD_PAGES"]

#: one line for each keyword of ``wr.lark``
KEYWORD_DOCS: dict[str, str] = {
    # ---- the header and layers ------------------------------------------------------------------
    "ruleset": "The header, the first line of every rule set: `ruleset long_ages \"Long ages\" extends base`.",
    "edition": "In the header, the edition of the game the rule set writes: "
               "`ruleset base \"7 Wonders\" edition 1`.",
    "extends": "In the header, names the layers this rule set is written on (a file next to it, or a bundled "
               "rule set): `ruleset cities_leaders \"7 Wonders: Cities and Leaders\" extends cities, leaders`.",
    "override": "Defines again, whole, a setting, score column, zone, deal, action, decision, the market, "
                "the flow, a contest or a neutral seat that a lower layer wrote: `override start coins 4`; "
                "`override at MOMENT { … }` replaces the steps lower layers attached to a moment.",
    "replace": "Defines again, in full, a card (by name and age) or a wonder side of a lower layer: "
               "`replace card \"Tavern\" age 1 yellow copies 4+ 5+ 7+ { on build: gain 6 coins }`.",
    "change": "Changes some attributes of a card of a lower layer, keeping the rest (every age it is in "
              "when no age is written): `change card \"Loom\" age 1: copies 3+ 5+`.",
    "remove": "Takes a card, a wonder side, a zone, deal, action, decision, contest or neutral seat of a "
              "lower layer out of the game: `remove card \"Vineyard\" age 2`, `remove seat \"Banker\"`.",
    "extend": "`extend deal NAME { … }` adds clauses to a deal a lower layer wrote: "
              "`extend deal age { hand cards to pile of \"Free City\" }`.",
    # ---- the words of a rule set ----------------------------------------------------------------
    "resources": "Declares resources of a class: `resources raw: wood, stone, clay, ore`; also in "
                 "`produce one of the resources …` and `… 1 resources less` (cost changes and ways).",
    "resource": "In a way of an action or a cost change, units of resources the payer need not pay: "
                "`passive: build costs 1 resource less for green cards`.",
    "symbols": "Declares symbols of a group: `symbols science: compass, gear, tablet`; in a count, "
               "`… per science symbols in self`.",
    "tokens": "Declares the tokens cities collect: `tokens: victory, defeat`; in a contest, how many a "
              "result gives (`tokens: 2`); after an amount, tokens of a kind: `on build: gain 1 favour tokens`.",
    "token": "After an amount, one token of a kind (the same as `tokens`): `on build: gain 1 favour token`, "
             "`… per victory token in neighbours`.",
    "colours": "Declares the card colours, and the score column each one's points go to: "
               "`colours: brown, grey, blue scores civilian, yellow scores commercial, red`.",
    "scores": "Names the score column points go to: of a colour (`colours: blue scores civilian`) or of "
              "effects of the rule set: `each player scores house { end of game: score coins / 3 }`.",
    "abilities": "Declares abilities an effect may grant a city and a way of an action may need: "
                 "`abilities: free_build, last_card`.",
    "decks": "Declares the decks other than `age` (the deck dealt by age): `decks: leaders`.",
    # ---- game settings --------------------------------------------------------------------------
    "game": "The game's settings: players, start coins, ages, hand size, turns, passing: `game { hand 7 }`; "
            "in a limit, once in the whole game: `passive: grant free_build once per game`.",
    "players": "The player counts the rule set is played at: `players 3..7`; `when players 3, 4 { hand 8 }`; "
               "as a seat word, every seat that is a player (`… per any cards in players`); a round asked "
               "of players only: `round play: players`.",
    "when": "A setting for some player counts: `when players 3, 4 { hand 8 }`; in a way of an action, "
            "`… when chained`: offered only to a city that holds a card chaining to this one.",
    "start": "What a city starts with: its coins (`start coins 3`), or a wonder side's resource (`start wood`).",
    "ages": "How many ages the flow's `each age { … }` runs: `ages 3`.",
    "hand": "How many cards each player is dealt at the start of an age, an expression: `hand 7`.",
    "turns": "How many turns an age has, an expression that may read the hand: `turns hand - 1`.",
    "pass": "The direction hands pass in, one per age: `pass left, right, left`; in the flow, every player "
            "gives the cards of a zone to the next: `pass hand`, `pass draft right`.",
    "stages": "`stages score wonder`: the score column wonder stages' points go to; in a count, the "
              "city's built stages: `end of game: score 1 per stages in self`.",
    "tie": "`tie break coins`: what decides between equal totals.",
    "break": "`tie break coins`: what decides between equal totals.",
    "order": "The order, by kind (gain, lose, decide, move), in which the effects of one moment resolve: "
             "`order end of turn: gain, decide, lose`.",
    "count": "`cards count in built`: the zone whose cards count as a city's cards; in a zone, "
             "`… count hidden`: other players may not even count its cards.",
    "cards": "After an amount, cards of some colours or of a zone: `hand cards to hand of each player`, "
             "`… per yellow cards in self`; `cards count in built` names the zone a city's cards are counted in.",
    "scoring": "The score sheet's columns, in order, each a formula or the points sent to it, placed with "
               "`after` or `before`: `scoring { favour = tokens(favour) * 2 before wonder }`.",
    "after": "In the score sheet, places a column after another: `scoring { house after guilds }`; in a "
             "contest, what it costs every seat once its results are given: `after: lose 1 diplomacy token`.",
    "before": "In the score sheet, places a column before another: `scoring { favour = tokens(favour) * 2 "
              "before wonder }`.",
    # ---- zones and deals ------------------------------------------------------------------------
    "zone": "A place cards lie, each seat's own or shared, and who sees it: "
            "`zone hand: each seat, seen by owner`.",
    "shared": "A zone for the whole table, not one per seat: `zone discard: shared, seen by nobody`.",
    "seen": "Who sees a zone's cards: `zone hand: each seat, seen by owner`.",
    "owner": "`… seen by owner`: only the seat that owns the zone sees its cards: "
             "`zone hand: each seat, seen by owner`.",
    "nobody": "`… seen by nobody`: no one sees the zone's cards: `zone discard: shared, seen by nobody`.",
    "active": "The effects of the cards in the zone work (passive effects, moments, `whenever`): "
              "`zone built: each seat, seen by everyone, active`.",
    "hidden": "`… count hidden`: other players may not even count the zone's cards: "
              "`zone vault: each seat, seen by owner, count hidden`.",
    "deal": "How the cards of a deck are dealt into zones: `deal heroes from deck heroes { 2 cards to packet "
            "of each player }`; in the flow, `deal age` deals it.",
    "deck": "`from deck NAME`: the deck a deal shuffles (`deal age from deck age { hand cards to hand of each "
            "player }`); on a card, the deck it belongs to when not `age`: `… deck heroes`.",
    "rest": "In a deal, where the cards left over go: `rest to exile`.",
    "player": "`… each player`: every player's seat, in a deal (`2 cards to packet of each player`) and for "
              "effects of the rule set (`each player { each start of age: gain 1 coin }`); "
              "`winner: best player`: each player for themselves.",
    # ---- actions --------------------------------------------------------------------------------
    "action": "Something a player may do with a card (or a number): its clauses, ways and what then "
              "happens: `action sell \"sell {card}\" { card from hand }`.",
    "card": "A card: `card \"Baths\" age 1 blue cost stone { end of game: score 3 }`; in an action, the card "
            "it takes (`card from hand`, `cost card`, `then: move card to built`); in a preference, "
            "`prefer per card: …`; after an amount, one card: `… per yellow card in self`.",
    "unique": "An action is not offered when the zone holds a card of the same name: `unique in built`.",
    "require": "An action is offered only when the expression holds, else the reason is given: "
               "`require stages >= 2 else \"burying needs two wonder stages\"`.",
    "else": "The reason an action's `require` gives (`require stages >= 2 else \"burying needs two wonder "
            "stages\"`); in the flow, the steps run when an `if` does not hold: "
            "`if turn < turns { pass hand } else { discard hand to discard }`.",
    "amount": "An action that takes a number, one action per number of the range; in its `then:`, the "
              "number chosen: `amount 0 .. min(loss, coins)`.",
    "way": "One manner of paying an action's cost, with its properties; `way pay` pays it: "
           "`way chain: free, when chained`.",
    "free": "A way of an action that pays nothing: `way free: free, with free_build`.",
    "chained": "`… when chained`: a way offered only when the city holds a card that chains to this one: "
               "`way chain: free, when chained`.",
    "with": "A way offered only while the city holds an ability (`way free: free, with free_build`); "
            "a round asked only of seats holding one: `round extra: players with last_card`.",
    "less": "Lowers a cost: `passive: build costs 1 coin less for red cards`, "
            "`passive: first purchase from left each turn costs 1 less`; in a way, "
            "`way bank: 1 resource less, 1 coin more, with bank_trade`.",
    "more": "In a way of an action, coins paid to the bank on top of the cost: "
            "`way bank: 1 resource less, 1 coin more, with bank_trade`.",
    "none": "`cost none`: the action costs nothing (the default).",
    "cost": "What building a card or a stage costs, coins and resources (`cost 2 stone, 1 coin`); in an "
            "action, what it must pay: `cost card`, `cost stage` or `cost none`.",
    "then": "What an action does, in order: `then: move card to built`.",
    "move": "In an action's `then:`, puts its card in a zone (of the player, or `of` a seat): "
            "`then: move card to built`.",
    "build": "`on build: …`: once, when the card or stage is built (`on build: gain 3 coins`); in an action's "
             "`then:`, builds the city's next wonder stage: `then: build stage`.",
    "costs": "A cheaper action for the owner or the seats named (`passive: neighbours build costs 1 coin less "
             "for blue cards`); a rebate on the market: `passive: first purchase from left each turn costs 1 less`.",
    "no": "A cost change that takes away a whole part of a cost: `passive: stage costs no resources`, "
          "`passive: pick costs no coins for blue cards`.",
    # ---- decisions ------------------------------------------------------------------------------
    "decision": "A choice a player is asked, and the actions it offers: "
                "`decision pick \"build a card from the discard pile for free\": pick`.",
    "prefer": "A preference (\"if able\"): of the legal actions the tiers name, only the first tier that has "
              "one stays: `prefer per card: build by chain > build`.",
    "per": "In an amount, counts something in some seats: `on build: gain 1 coin per yellow card in self`; "
           "`… once per turn` (`age`, `game`) limits an effect or a grant; `prefer per card: …` ranks "
           "each card's actions apart.",
    "by": "`… seen by owner`: who sees a zone; `… build by chain`: an action by one of its ways (in a preference, "
          "or `whenever self builds cards by chain: gain 2 coins`); `… produced by brown, grey`: the colours "
          "that produce.",
    # ---- the market -----------------------------------------------------------------------------
    "market": "Who buys resources from whom, what is for sale, and at what price: "
              "`market { sellers: left, right }`.",
    "sellers": "In the market, the seats a city buys from, seen from the buyer: `sellers: left, right`.",
    "sells": "In the market, what is for sale (`board` and card colours): `sells: board, brown, grey`; "
             "`sells only raw from left 2, right 2`: those sellers sell only these resources.",
    "only": "`sells only raw from left 2, right 2`: the sellers of those relations sell only these resources.",
    "price": "Coins per unit bought, for every unit or for some sellers and resources: `price 2`, "
             "`price 1 for manufactured from left, right`.",
    "buy": "A trading price the card gives its owner: `passive: buy manufactured from left, right for 1`.",
    "first": "A rebate on the first purchase of each turn: `passive: first purchase from left each turn costs "
             "1 less`; a neutral seat's card carried out first: `resolves first`.",
    "purchase": "`first purchase from SEATS each turn costs N less`: a rebate: "
                "`passive: first purchase from left each turn costs 1 less`.",
    "for": "The price a `buy` sets (`passive: buy manufactured from left, right for 1`), the resources a "
           "price is for (`price 1 for manufactured`), the colours a cost change is for "
           "(`… costs 1 coin less for red cards`), and `… (not for sale)`.",
    "sale": "`… (not for sale)`: the production is never sold on the market: "
            "`passive: produce wood | stone | ore | clay (not for sale)`.",
    # ---- the flow -------------------------------------------------------------------------------
    "flow": "The order of the game: ages, turns, deals, rounds, passes and the moments effects wait for: "
            "`flow { each age { deal age } }`.",
    "at": "In the flow, `at end of turn` is a moment: its contests, then its effects; "
          "`at last turn { discard hand to discard }` adds steps to a moment; "
          "`contest … at end of age` says when a contest is fought.",
    "each": "`each end of age: gain 1 coin`: the effect comes at every such moment; in the flow, "
            "`each age { … }` and `each turn { … }` repeat steps; also `… each seat` (a zone), "
            "`… each player` (a deal, effects of the rule set) and `… each turn` (a rebate).",
    "age": "A card's age: `card \"Baths\" age 1 blue cost stone { end of game: score 3 }`; a pool drawn "
           "`… in age 3`; `each age { … }` in the flow; `… once per age`. In a moment's name "
           "(`at end of age`) it is a plain word.",
    "turn": "`each turn { … }` in the flow; `… once per turn`; a rebate `… each turn costs 1 less`; "
            "`…, within the turn`. In a moment's name (`at end of turn`) it is a plain word.",
    "repeat": "Runs the steps a number of times: `repeat 4 times { round draft }`.",
    "times": "`repeat 4 times { round draft }`; how many times a decision is asked "
             "(`on build: decide discard_only 2 times`) or a grant may be used "
             "(`passive: grant free_build 2 times per turn of green cards`).",
    "round": "In the flow, asks a decision of every seat that has a legal action, together: `round play`, "
             "`round extra: players with last_card, within the turn`.",
    "seats": "`round play: seats`: a round asked of every seat, neutral ones too; in an option, "
             "`teams of 2 adjacent seats`.",
    "within": "`…, within the turn`: the round is part of the current turn (its coins and market): "
              "`round extra: players with last_card, within the turn`.",
    "the": "`produce one of the resources …`; `…, within the turn` in a round.",
    "discard": "In the flow, moves every card of some zones to another: `discard hand to discard`.",
    "if": "An effect applies only when the condition holds (`each end of age if coins < 5: gain 2 coins`); "
          "in the flow, runs steps when it holds: `if turn == turns { at last turn }`.",
    # ---- contests -------------------------------------------------------------------------------
    "contest": "A contest between seats at a moment (military conflicts): strength, pairs, what is won: "
               "`contest military at end of age { strength: symbols(shield) }`.",
    "strength": "Each city's strength in a contest (`strength: symbols(shield)`); on a card, more strength "
                "in a contest while it is active: `passive: military strength + tokens(defeat)`.",
    "takes": "`takes part: EXPR`: only the cities where it holds fight in the contest: "
             "`takes part: tokens(diplomacy) == 0`.",
    "part": "`takes part: EXPR`: only the cities where it holds fight in the contest: "
            "`takes part: tokens(diplomacy) == 0`.",
    "pairs": "Each city fights the seats named, seen from it, a pair once: `pairs: neighbours where not partners`.",
    "where": "Keeps only the pairs whose cities are those seats of each other (`… where not …`: leaves them out): "
             "`pairs: neighbours where not partners`.",
    "ranking": "Instead of pairs, the strongest cities win and the weakest lose: `ranking`.",
    "win": "The token each winner of a contest gains, with its worth per age: `win: victory worth 1, 3, 5`.",
    "lose": "Loses coins or tokens, to the bank (`end of turn: others lose 2 coins or decide pay`); in a "
            "contest, the token each loser gains: `lose: defeat worth -1`.",
    "worth": "The points a token is worth: in a contest (`win: victory worth 1, 3, 5`), or as it is "
             "gained: `on build: gain 1 glory token worth 2`.",
    # ---- seats ----------------------------------------------------------------------------------
    "seat": "A neutral seat, a city no player owns: `seat \"Free City\" { resolves first }`; "
            "`… each seat` for a zone (one per seat) or effects every seat holds; `remove seat \"Banker\"`.",
    "controller": "Which neighbour controls a neutral seat at the start of each age "
                  "(`controller starts: left, right, left`); as a seat word, the seat's controller.",
    "starts": "`controller starts: left, right, left`: who controls a neutral seat at the start of each age.",
    "control": "`control follows hand`: control of a neutral seat passes with that zone of its controller.",
    "follows": "`control follows hand`: control of a neutral seat passes with that zone of its controller.",
    "resolves": "`resolves first`: a neutral seat's card is carried out before the players' cards.",
    "pays": "`pays any seller`: a neutral seat's controller chooses whom it buys from, whatever the price.",
    "seller": "`pays any seller`: a neutral seat's controller chooses whom it buys from, whatever the price.",
    "never": "`never wins`: a neutral seat's score does not decide the winner.",
    "wins": "`never wins` (a neutral seat); an effect each time a seat wins a contest: "
            "`whenever self wins military: gain 1 coin per red card in self`.",
    "self": "Your own city: `on build: gain 1 coin per yellow card in self (including this)`.",
    "left": "The neighbour on your left (`… left 2`: two seats away): `passive: first purchase from left each "
            "turn costs 1 less`; a direction hands pass in: `pass left, right, left`.",
    "right": "The neighbour on your right (`… right 2`: two seats away): `whenever right loses military: draw 1 "
             "cards from hand of left into hand of self`; a direction hands pass in.",
    "neighbours": "Both neighbours (in a contest's pairs, the nearest taking part): `pairs: neighbours`.",
    "others": "Every city but yours: `end of turn: others lose 2 coins or decide pay`.",
    "everyone": "Every city, yours included: `whenever everyone wins military: gain 1 coin`; "
                "`… seen by everyone`: every player sees the zone.",
    "partners": "With teams, a player's team mates (`pairs: neighbours where not partners`); "
                "`… seen by partners`: the owner and their team see the zone.",
    "enemies": "With teams, the players of the other teams: `on build: enemies gain 1 coin`.",
    "opponent": "The other city of a contest's pair (none in a ranking), in a contest's `tokens:` and in "
                "effects of `whenever … wins` or `loses`: `whenever self loses military: opponent gain 1 "
                "defeat tokens from self`.",
    "their": "`… their city`: in an effect on other seats, the city of each of them: "
             "`end of turn: others lose 1 coin per victory token in their city or decide pay`.",
    "city": "`… their city`: in an effect on other seats, the city of each of them: "
            "`end of turn: others gain 1 coin per red card in their city`.",
    # ---- options and teams ----------------------------------------------------------------------
    "option": "A part of the rules a game may switch on by name: "
              "`option solo \"Every player for themselves\" { winner: best player }`.",
    "teams": "In an option, players in teams of neighbours: `teams of 2 adjacent seats`.",
    "adjacent": "`teams of 2 adjacent seats`: each team is that many players sitting side by side.",
    "winner": "In an option, who wins: `winner: best team` or `winner: best player`.",
    "best": "`winner: best team` (a team's total) or `winner: best player`.",
    "team": "`winner: best team`: the team with the highest total wins.",
    # ---- cards and wonders ----------------------------------------------------------------------
    "wonder": "A side of a wonder board: its starting resource, its own effects and its stages: "
              "`wonder \"Carthage\" called \"The Harbour of Carthage\" side A { start wood }`.",
    "called": "The name printed on a wonder board: "
              "`wonder \"Carthage\" called \"The Harbour of Carthage\" side A { start wood }`.",
    "side": "Which side of a wonder board (`… side A`); `remove wonder \"Rhodes\" side B`.",
    "stage": "A stage of a wonder board, its cost and effects: `stage cost 2 stone { end of game: score 3 }`; "
             "in an action, `cost stage` and `then: build stage`; `whenever … builds a stage`.",
    "chain": "`chain from \"…\"`: a city holding one of those cards may build this one by the way "
             "`… when chained`; `chain to \"…\"` says it from the earlier card: "
             "`change card \"Baths\": chain to \"Aqueduct\"`.",
    "copies": "The player-count markers: one copy in the age deck for each marker at or below the number of "
              "seats: `change card \"Loom\" age 1: copies 3+ 5+`.",
    "pool": "On a card, the pool it is in instead of copy markers (`… pool guilds`); in the game, how many "
            "cards of a pool are drawn at random into an age's deck: `pool guilds: seats + 2 in age 3`.",
    "alias": "Other spellings of a card's name, accepted wherever it is named: "
             "`change card \"Glassworks\": alias \"Glass Works\"`.",
    "in": "`unique in built` (an action), `cards count in built` (the game), `… in age 3` (a pool), and "
          "after `per`, the seats counted: `end of game: score 1 per yellow card in self`.",
    "from": "Where something comes from: `card from hand`, `chain from \"Baths\"`, `deal age from deck age "
            "{ hand cards to hand of each player }`, the sellers of a `buy` or `price`, the seats of "
            "`draw`, `copy` and `whenever … buys from`.",
    "to": "Where something goes: `then: move card to built`, `rest to discard`, `discard hand to discard`, "
          "`on build: pay 2 coins to left`; `chain to \"…\"` names the cards this one builds.",
    "of": "`teams of 2 adjacent seats`; a zone of a seat (`2 cards to packet of each player`, `draw … "
          "into hand of self`); `produce one of the resources …`; `copy symbol of 1 green card …`; a "
          "grant for some colours: `passive: grant free_build once per game of blue cards`. "
          "In a moment's name (`at end of game`) it is a plain word.",
    # ---- phrases --------------------------------------------------------------------------------
    "phrase": "Names effect lines to use again, with parameters: `phrase tribute(n) { each end of age: "
              "others lose n coins }`, used as `tribute(2)`.",
    # ---- effects --------------------------------------------------------------------------------
    "passive": "The effect works while its source is active, a card in an active zone or a built stage "
               "(production, symbols, prices, grants): `passive: produce wood`.",
    "on": "`on build: …`: the effect happens once, when the card or stage is built: `on build: gain 3 coins`.",
    "whenever": "The effect happens each time one of the seats named builds, buys, gains, wins or loses: "
                "`whenever self builds cards by chain: gain 2 coins`.",
    "builds": "`whenever SEATS builds …`: each time those seats build cards (of some colours, by a way) or a "
              "stage: `whenever neighbours builds red, purple cards: gain 1 coin`.",
    "a": "`whenever SEATS builds a stage`: each time those seats build a wonder stage: "
         "`whenever self builds a stage: gain 1 coin`.",
    "buys": "`whenever SEATS buys from SELLERS`: once for each of those sellers an action pays for "
            "resources: `whenever self buys from left, right: gain 1 coin`.",
    "gains": "`whenever SEATS gains coins` or `gains TOKEN tokens`: "
             "`whenever self gains coins once per turn: gain 1 coin`.",
    "loses": "`whenever SEATS loses CONTEST`: each time those seats lose a contest: "
             "`whenever self loses military: give 1 defeat token to opponent`.",
    "once": "`… once per turn` (`age`, `game`): an effect runs at most once in each period "
            "(`whenever self gains coins once per turn: gain 1 coin`), or a grant may be used once: "
            "`passive: grant free_build once per age`.",
    "produce": "Produces a resource each turn, or one of several: `passive: produce wood | clay`.",
    "one": "`produce one of the resources [not] produced by COLOURS`: one resource that those sources "
           "produce (or not): `passive: produce one of the resources produced by yellow`.",
    "produced": "`produce one of the resources [not] produced by COLOURS`: "
                "`passive: produce one of the resources not produced by board, brown, grey (not for sale)`.",
    "symbol": "Gives a symbol, or one of several, counted by the scoring or a contest "
              "(`passive: symbol 2 shield`); `… symbol any science` at the end of the game; `… copy symbol of …`.",
    "any": "`… symbol any science`: any one symbol of the group (`end of game: symbol any science`); "
           "`… per any cards in players`: cards of every colour; `pays any seller` (a neutral seat).",
    "score": "Points at the end of the game, a number or a count: "
             "`end of game: score 1 per yellow card in self (excluding this)`; in the game, the column wonder "
             "stages' points go to: `stages score wonder`.",
    "gain": "Gains coins or tokens, for the owner or the seats written first: `on build: gain 3 coins`, "
            "`each end of age: gain 1 glory token worth 2`.",
    "pay": "Coins passed from the payers to each seat named, never more than they have: "
           "`on build: pay 2 coins to left`; `way pay` pays an action's cost.",
    "give": "Tokens passed from the givers to each seat named: "
            "`whenever self loses military: give 1 defeat token to opponent`.",
    "grant": "Grants an ability, with a limit and colours if written: `passive: grant free_build once per age`.",
    "decide": "Asks the owner a decision now: `on build: decide discard_only 2 times`; "
              "`… lose 2 coins or decide pay`: each seat hit decides instead.",
    "take": "Only in the old spelling `… or take debt`, which wr check refuses, naming the declarations "
            "to write instead (`… or decide pay`, a decision and its action).",
    "copy": "At the end of the game, copies a card or its symbol from some seats: "
            "`end of game: copy 1 purple cards from neighbours`, "
            "`end of game: copy symbol of 1 green card from left, right`.",
    "draw": "Draws cards from a zone into another: `each start of turn: draw 1 card from pile into hand "
            "of controller`.",
    "into": "`draw … into ZONE`: the zone the cards drawn go to: "
            "`on build: draw 4 cards from undrafted into leaders`.",
    "coin": "After an amount, one coin (the same as `coins`): `on build: enemies gain 1 coin`.",
    "coins": "After an amount, coins: `on build: gain 3 coins`; `start coins 3`; "
             "in a cost, `cost 1 coin`.",
    "including": "`… (including this)`: the card counts itself in the count: "
                 "`on build: gain 1 coin per yellow card in self (including this)`.",
    "excluding": "`… (excluding this)`: the card leaves itself out of the count: "
                 "`end of game: score 1 per yellow card in self (excluding this)`.",
    "this": "`… (including this)` or `… (excluding this)` after a count: whether the card counts itself.",
    "not": "In an expression, true when the condition is not (`end of game if not (stages == 0): score 1`); "
           "`… (not for sale)`; the resources some colours do not produce: `… not produced by brown, grey`; "
           "`… where not partners` in a contest's pairs.",
    "and": "In an expression, true when both are: `each end of age if coins < 5 and age > 1: gain 2 coins`.",
    "or": "In an expression, true when either is (`end of game if stages == 0 or coins > 9: score 1`); "
          "`… lose 2 coins or decide pay`: each seat hit decides instead.",
    "over": "An aggregate over seats: `end of game if max(coins over neighbours) > 5: score 1`.",
    "among": "A rank among seats: 1 plus how many of them have strictly more: "
             "`end of game if rank(most symbols(shield) among everyone) == 1: score 3`.",
    "most": "`rank(most …)`: ranked by more (the default): "
            "`end of game if rank(most symbols(shield) among everyone) == 1: score 3`.",
    "fewest": "`rank(fewest …)`: ranked by less: "
              "`each end of age if rank(fewest coins among others, self) == 1: gain 1 coin`.",
}


#: the page under ``docs/language/`` that explains each keyword, by page
_WORDS_BY_PAGE: dict[str, str] = {
    "layers": "ruleset edition extends override replace change remove extend",
    "index": "resources resource symbols tokens token colours scores abilities decks",
    "settings": "game players when start ages hand turns pass stages tie break order count cards scoring "
                "after before",
    "zones": "zone shared seen owner nobody active hidden",
    "deals": "deal deck rest player of",
    "actions": "action card unique require else amount way free chained with less more none cost then move "
               "build costs no to",
    "decisions": "decision prefer by",
    "market": "market sellers sells only price buy first purchase for sale from",
    "flow": "flow at each turn repeat times round seats within the discard if",
    "contests": "contest strength takes part pairs where ranking win worth",
    "seats": "seat controller starts control follows resolves pays seller never wins self left right "
             "neighbours others everyone partners enemies opponent their city",
    "options": "option teams adjacent winner best team",
    "cards": "wonder called side stage chain copies pool alias age",
    "phrases": "phrase",
    "effects": "passive on whenever per in builds a buys gains loses once produce one produced symbol any score gain "
               "lose pay give grant decide take copy draw into coin coins including excluding this not and or "
               "over among most fewest",
}

#: the language page of each keyword (``docs/language/PAGE.rst``)
KEYWORD_PAGES: dict[str, str] = {word: page for page, words in _WORDS_BY_PAGE.items() for word in words.split()}
