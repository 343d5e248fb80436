"""`wr lsp`: a language server for `.wr` files, over stdio.

:mod:`.analysis` reads a rule set as an editor holds it (its open files before the disk) and
answers in plain values: diagnostics, names and where they are defined, the word under the
cursor. :mod:`.words` says things in words (hover text, the keywords a place accepts);
:mod:`.rename` finds where a card, wonder or phrase is named. :mod:`.server` speaks the Language
Server Protocol through pygls (the optional extra `lsp`); it is the only module that imports
pygls.

May import: :mod:`wonderrules.reports`, the facade (:mod:`wonderrules`).
"""
