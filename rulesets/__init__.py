"""The bundled rule sets (`*.wr`), shipped as package data. All 7 Wonders knowledge lives here."""
