"""Abilities a city gains: free builds once per age, playing the last card, stages without
resources, and building from the discard pile (a decision of the owner)."""

from __future__ import annotations

from wonderrules.interpreter import ir

__all__ = ["compile_free_build", "compile_play_last_card", "compile_free_stage_resources",
           "compile_build_from_discard"]


class FreeBuildHook:
    __slots__ = ("colours",)
    step = "ability"

    def __init__(self, colours: frozenset[str]) -> None:
        self.colours = colours

    def apply(self, state, seat: int) -> None:
        state.cities[seat].free_builds.append([self.colours, False])


class PlayLastCardHook:
    __slots__ = ()
    step = "ability"

    def apply(self, state, seat: int) -> None:
        state.cities[seat].play_last = True


class FreeStageResourcesHook:
    __slots__ = ()
    step = "ability"

    def apply(self, state, seat: int) -> None:
        state.cities[seat].free_stage_resources = True


class BuildFromDiscardHook:
    """The owner picks `count` card(s) from the discard pile and builds them for free."""

    __slots__ = ("count",)
    step = "build"

    def __init__(self, count: int) -> None:
        self.count = count

    def run(self, state, seat: int) -> None:
        for _ in range(self.count):
            state.request_discard_build(seat)


def compile_free_build(e: ir.FreeBuild, cat, source) -> FreeBuildHook:
    return FreeBuildHook(frozenset(e.colours))


def compile_play_last_card(e: ir.PlayLastCard, cat, source) -> PlayLastCardHook:
    return PlayLastCardHook()


def compile_free_stage_resources(e: ir.FreeStageResources, cat, source) -> FreeStageResourcesHook:
    return FreeStageResourcesHook()


def compile_build_from_discard(e: ir.BuildFromDiscard, cat, source) -> BuildFromDiscardHook:
    return BuildFromDiscardHook(e.count)
