"""wonder-rules: a declarative rules language for 7 Wonders and a generic interpreter."""
