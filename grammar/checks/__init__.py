"""The check passes, one module each, run in the order of :data:`wonderrules.grammar.passes.PASSES`."""
