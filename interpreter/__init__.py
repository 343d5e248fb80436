"""The runtime: a compiled rule set to games. Never imports lark."""
