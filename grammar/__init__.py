"""The front end: `.wr` text to a checked, compiled rule set. The only package that imports lark."""
