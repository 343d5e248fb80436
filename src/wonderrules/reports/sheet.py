"""A printable sheet of card faces for a paper playtest: what `wr cards RULES --sheet` writes.

One HTML page, self-contained (no script, no external file, no font to fetch): every card of the
rule set as a face of the size of a playing card (63 by 88 mm), tinted by its colour so that it
prints lightly, with its name, age, colour, cost, effects and chains in the words of
:mod:`wonderrules.reports.catalogue`; then every wonder board side as a face. Without a player
count a card has one face, which says how many copies the deck holds at each player count; with
one (`players`), a card has as many faces as the deck for that many players holds, each with its
printed marker (`4+`), and a card of a pool one face, as the pool is drawn from.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from wonderrules.interpreter import ir
from wonderrules.reports.catalogue import WrittenText, card_row, cost_words, effect_words, source_lines

__all__ = ["card_sheet", "card_faces", "board_faces"]

#: the page's own style: cards of a fixed size, nine to an A4 or Letter page (printed without the
#: headings, which are for the screen)
_STYLE = """
@page { size: auto; margin: 6mm; }
@media print { h1, h2.part { display: none; } }
* { box-sizing: border-box; }
body { font-family: sans-serif; margin: 0; color: #000; background: #fff; }
h1 { font-size: 14pt; margin: 0 0 4mm; }
h2.part { font-size: 12pt; margin: 4mm 0 2mm; break-after: avoid; }
h2.part + .faces { break-before: avoid; }
section.part + section.part { break-before: page; }
.faces { display: flex; flex-wrap: wrap; gap: 0; }
.face { width: 63mm; height: 88mm; overflow: hidden; border: 0.3mm solid #555; padding: 3mm;
  display: flex; flex-direction: column; gap: 1.5mm; font-size: 8pt; line-height: 1.25;
  break-inside: avoid; page-break-inside: avoid; background: #fff;
  -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.face .top { display: flex; justify-content: space-between; align-items: baseline; gap: 2mm;
  border-bottom: 0.3mm solid #555; padding-bottom: 1mm; }
.face .name { font-size: 11pt; font-weight: bold; margin: 0; }
.face .age, .face .side { font-size: 8pt; white-space: nowrap; }
.face p { margin: 0; }
.face .label { font-weight: bold; }
.face ul { margin: 0; padding-left: 4mm; }
.face .copies { margin-top: auto; font-size: 7pt; color: #333; }
.board { width: 88mm; height: 63mm; }
.face.long { font-size: 6.5pt; }
"""

#: the characters of effects and chains above which a face is set in smaller type, to fit
_LONG_CARD, _LONG_BOARD = 260, 420

#: a colour name a stylesheet may hold as it is (CSS knows many colour words: brown, grey...)
_CSS_WORD = re.compile(r"[A-Za-z]{1,30}")


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _tints(ruleset: ir.RuleSet, cards: Sequence[ir.Card]) -> tuple[dict[str, str], str]:
    """A class per colour of the cards (`tint-0`...) and the style that tints a face of that
    colour: light, for printing. A colour named by a word CSS does not know stays white (the
    browser drops the rule)."""
    names = list(dict.fromkeys([c.name for c in ruleset.colours] + [card.colour for card in cards]))
    classes = {name: f"tint-{n}" for n, name in enumerate(names)}
    rules = [f".{classes[name]} {{ background: color-mix(in srgb, {name} 18%, white); }}\n"
             f".{classes[name]} .top {{ background: color-mix(in srgb, {name} 40%, white); }}"
             for name in names if _CSS_WORD.fullmatch(name)]
    return classes, "\n".join(rules)


def _roman(age: int) -> str:
    return "I II III IV V VI VII VIII IX X".split()[age - 1] if 0 < age <= 10 else str(age)


def _card_face(card: ir.Card, ruleset: ir.RuleSet, tint: str, marker: str, text: WrittenText) -> str:
    row = card_row(card, ruleset, text)
    main_deck = ruleset.decks[0] if ruleset.decks else ""
    age = " ".join(([f"Age {_roman(card.age)}"] if card.age else [])
                   + ([_e(card.deck)] if card.deck != main_deck else []))
    effects = [effect_words(h, text) for h in card.hooks]
    long = " long" if sum(map(len, effects)) + len(row.chains) > _LONG_CARD else ""
    parts = [f'<section class="face card {tint}{long}">',
             f'<div class="top"><h3 class="name">{_e(row.name)}</h3><span class="age">{age}</span></div>',
             f'<p class="colour">{_e(row.colour)}</p>',
             f'<p><span class="label">Cost:</span> <span class="cost">{_e(row.cost)}</span></p>']
    if effects:
        parts.append('<ul class="effects">' + "".join(f"<li>{_e(words)}</li>" for words in effects) + "</ul>")
    if row.chains:
        parts.append(f'<p><span class="label">Chains:</span> <span class="chains">{_e(row.chains)}</span></p>')
    parts.append(f'<p class="copies">{_e(marker or row.copies)}</p>')
    parts.append("</section>")
    return "".join(parts)


def _ordered(ruleset: ir.RuleSet) -> list[ir.Card]:
    """The cards by age, then in the rule set's order."""
    return [card for _, card in sorted(enumerate(ruleset.cards), key=lambda found: (found[1].age, found[0]))]


def _faces_by_age(ruleset: ir.RuleSet, players: int | None, text: WrittenText) -> dict[int, list[str]]:
    classes, _ = _tints(ruleset, ruleset.cards)
    faces: dict[int, list[str]] = {}
    for card in _ordered(ruleset):
        tint, held = classes[card.colour], faces.setdefault(card.age, [])
        if players is None:
            held.append(_card_face(card, ruleset, tint, "", text))
        elif card.pool:
            held.append(_card_face(card, ruleset, tint, f"pool {card.pool}", text))
        else:
            held += [_card_face(card, ruleset, tint, f"{marker}+", text) for marker in card.copies if marker <= players]
    return faces


def card_faces(ruleset: ir.RuleSet, players: int | None = None, text: WrittenText = source_lines) -> list[str]:
    """The HTML of every card face, by age and then in the rule set's order: one per card, or
    with `players` one per copy the deck for that many players holds (a pool's card: one, as
    the pool is drawn from)."""
    return [face for faces in _faces_by_age(ruleset, players, text).values() for face in faces]


def board_faces(ruleset: ir.RuleSet, text: WrittenText = source_lines) -> list[str]:
    """The HTML of every wonder board side as a face: its own effects, then each stage's cost and
    effects."""
    faces = []
    for board in ruleset.boards:
        own = [effect_words(h, text) for h in board.hooks]
        stages = [(cost_words(stage.cost), "; ".join(effect_words(h, text) for h in stage.hooks))
                  for stage in board.stages]
        long = " long" if sum(map(len, own)) + sum(len(c) + len(e) for c, e in stages) > _LONG_BOARD else ""
        parts = [f'<section class="face board{long}">',
                 f'<div class="top"><h3 class="name">{_e(board.name)}</h3>'
                 f'<span class="side">side {_e(board.side)}</span></div>',
                 f'<p class="title">{_e(board.title)}</p>' if board.title else ""]
        if own:
            parts.append('<ul class="effects">' + "".join(f"<li>{_e(words)}</li>" for words in own) + "</ul>")
        parts.append('<ol class="stages">')
        for cost, effects in stages:
            parts.append(f'<li><span class="label">{_e(cost)}:</span> {_e(effects)}</li>')
        parts.append("</ol></section>")
        faces.append("".join(parts))
    return faces


def card_sheet(ruleset: ir.RuleSet, players: int | None = None, text: WrittenText = source_lines) -> str:
    """The whole page: a part per age (each starting a new page), then the wonders."""
    _, tint_style = _tints(ruleset, ruleset.cards)
    parts = [(f"Age {_roman(age)}" if age else "Cards", faces)
             for age, faces in _faces_by_age(ruleset, players, text).items()]
    heading = f"{ruleset.title or ruleset.name}: cards" + (f" for {players} players" if players is not None else "")
    body = [f"<h1>{_e(heading)}</h1>"]
    for title, faces in parts + [("Wonders", board_faces(ruleset, text))]:
        if faces:
            body.append(f'<section class="part"><h2 class="part">{_e(title)}</h2><div class="faces">\n'
                        + "\n".join(faces) + "\n</div></section>")
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{_e(heading)}</title>\n<style>{_STYLE}{tint_style}\n</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")
