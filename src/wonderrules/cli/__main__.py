"""`python -m wonderrules.cli`: the `wr` command."""

from wonderrules.cli.commands import run

if __name__ == "__main__":  # not in the worker processes, which import this module again by another name
    run()
