"""The runtime: a compiled rule set that declares the whole game (its flow, zones, actions, seats,
market, contests and effects), and the engine that plays any such rule set. Never imports lark."""
