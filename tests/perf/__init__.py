"""Tests that guard the engine's fast paths: cached payments against brute force, determinism."""
