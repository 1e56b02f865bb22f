"""Information-set Monte Carlo tree search over the engine's public contract (the expert level).

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", 2012), open loop: each iteration draws one **determinization**, a full state that the
game's sampler deals from the deciding seat's observation alone (never from the true state),
then walks one tree whose nodes are the sequences of decisions (forced moves and chance
outcomes are played without a node of their own, chance sampled from `chance_outcomes`). The
seat that acts at a node picks among the actions legal in this determinization by UCB1, with
each child's **availability** (how often it was legal when its parent was visited) in place of
the parent's visits, as ISMCTS needs when the legal actions differ between determinizations.
A node's value is the share of the win of the seat that chose it: rollouts to the end score
a win 1, a win shared by k seats 1/k each, a loss 0, and a rollout cut short is scored by the
game's evaluation. Nodes are kept per seat: after one sequence of decisions the seat to act
can depend on chance. The most visited action at the root is played.

Three settings turn the search into an improvement on a guide (a lower level): `depth`
keeps the tree to the first decisions, so that every later one is the rollout policy's (with
the guide as rollout policy, each root action is valued by how the game goes on when
everyone then plays like the guide); `confidence` keeps the guide's choice unless the
search's favourite beats it by that many standard errors, so that the noise of a few
thousand rollouts is not taken for a better move; `paired` compares the root's actions on
common random numbers: the k-th visit of every action draws its determinization and its chance from
the k-th seed, and the confidence is then reckoned on the pairs' differences, whose spread
leaves out the luck both actions met alike (the guide's choice is then visited as often as the
action UCB1 favours, so that the pairs are there). The guide's choice is compared with its most
visited challenger, and a standard error is never taken below 1/n on n results: a few results
that happen to agree prove no gain.

The search has its own seeded random number generator and never touches the match's chance;
with a CPU-time cap (`seconds`) a decision can stop before its iterations are done, which makes
it depend on the machine's speed (tests and tournaments that must repeat give it none).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from ..engine import CHANCE, JSON, TERMINAL, Action, Game, Player, State, sample_outcome


class Sampler(Protocol):
    """Deals one state consistent with `seat`'s observation: `sampler(game, observation,
    seat, rng)` returns a state whose `observation(seat)` equals `observation`, with every
    secret drawn from what the observation allows, using only `observation` and `rng`."""

    def __call__(self, game: Game, observation: JSON, seat: int, rng: random.Random) -> State: ...


def shares(state: State) -> list[float]:
    """Return each seat's share of a finished game's win: 1 for a sole winner, 1/k for each of
    k seats that share a win, 0 for a loss (and for every seat when nobody won)."""
    winners = state.winners()
    result = [0.0] * state.game.seat_count
    for seat in winners:
        result[seat] = 1.0 / len(winners)
    return result


class _Node:
    """One decision sequence: the seat that made its last decision, and its statistics."""

    __slots__ = (
        "available", "children", "preferred", "results", "seat", "squares", "total", "visits",
    )  # fmt: skip

    def __init__(self, seat: int):
        self.seat = seat
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.squares = 0.0
        """The sum of the squared results, for the spread of `total / visits`."""
        self.children: dict[tuple[int, Action], _Node] = {}
        """The decisions made here, by the seat that made them and the action: in an open-loop
        tree the seat to act after a sequence of decisions can depend on chance (who bites
        next after a spin, whose trap phase comes next), and each seat's statistics must
        count that seat's share."""
        self.preferred: dict[int, Action] = {}
        """The guide's choice here for each seat to act (`ISMCTS.guide`), asked once."""
        self.results: list[float] | None = None
        """Each visit's result in turn, kept only for the root's children of a paired search
        (its k-th visits of every action were played on the same random numbers)."""


class ISMCTS:
    """Chooses by information-set Monte Carlo tree search (module docstring)."""

    def __init__(
        self,
        sampler: Sampler,
        *,
        iterations: int = 400,
        seconds: float | None = None,
        rollout: Player | None = None,
        rollout_steps: int | None = None,
        evaluate: Callable[[State], Sequence[float]] | None = None,
        exploration: float = 0.7,
        guide: Player | None = None,
        guide_weight: float = 0.0,
        stop: Callable[[State], bool] | None = None,
        depth: int | None = None,
        confidence: float | None = None,
        paired: bool = False,
        seed: int | None = None,
    ):
        if iterations < 1:
            raise ValueError(f"iterations: at least 1, not {iterations}")
        if depth is not None and depth < 1:
            raise ValueError(f"depth: at least 1 decision, not {depth}")
        if confidence is not None and confidence < 0:
            raise ValueError(f"confidence: standard errors, at least 0, not {confidence}")
        if confidence is not None and guide is None:
            raise ValueError("confidence needs a guide: it says when to depart from its choice")
        if (rollout_steps is not None or stop is not None) and evaluate is None:
            raise ValueError("rollout_steps and stop need an evaluate function for the cuts")
        self.sampler = sampler
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.rollout_steps = rollout_steps
        self.evaluate = evaluate
        self.exploration = exploration
        self.guide = guide
        self.guide_weight = guide_weight
        self.stop = stop
        self.depth = depth
        self.confidence = confidence
        self.paired = paired
        self._rng = random.Random(seed)
        self.last_iterations = 0
        """Iterations the last `choose` ran (for benchmarks and tests)."""

    def choose(self, state: State) -> Action:
        """Return the action for the seat to act, from its observation and legal actions."""
        actions = state.legal_actions()
        if not actions:
            raise ValueError("ISMCTS was asked to act where no seat decides")
        if len(actions) == 1:
            return actions[0]
        seat = state.current_player()
        observation = state.observation(seat)
        game = state.game
        root = _Node(seat)
        start = time.thread_time()
        done = 0
        seeds: list[float] = []
        if self.paired:  # the guide's choice at the root, from a world of its own
            self._preferred(root, seat, self.sampler(game, observation, seat, self._rng))
        for done in range(1, self.iterations + 1):  # noqa: B007  # counted after the loop
            if self.paired:
                # the k-th visit of every root action draws its world and its chance from
                # the k-th seed: common random numbers, so two actions are compared on the
                # same deals and dice (and a difference is not drowned by their luck)
                first = self._root_action(root, seat, actions)
                child = root.children.get((seat, first))
                k = 0 if child is None else child.visits
                while len(seeds) <= k:
                    seeds.append(self._rng.random())
                rng = random.Random(seeds[k])
                self._iterate(root, self.sampler(game, observation, seat, rng), rng, first)
            else:
                world = self.sampler(game, observation, seat, self._rng)
                self._iterate(root, world, self._rng)
            if self.seconds is not None and time.thread_time() - start > self.seconds:
                break
        self.last_iterations = done
        preferred = root.preferred.get(seat)
        kept = None if preferred is None else root.children.get((seat, preferred))
        if self.confidence is None or preferred is None or kept is None:
            return self._most_visited(root, seat, actions)
        # the guide's choice stands unless its most visited challenger is clearly better
        others = [a for a in actions if a != preferred]
        challenger = self._most_visited(root, seat, others)
        child = root.children.get((seat, challenger))
        if child is not None and self._clearly_better(child, kept):
            return challenger
        return preferred

    @staticmethod
    def _most_visited(root: _Node, seat: int, actions: Sequence[Action]) -> Action:
        """Return the most visited of `actions` at the root (ties keep the first listed)."""
        best, best_visits = actions[0], -1
        for action in actions:
            child = root.children.get((seat, action))
            if child is not None and child.visits > best_visits:
                best, best_visits = action, child.visits
        return best

    def _clearly_better(self, node: _Node, than: _Node) -> bool:
        """Return True when `node`'s mean result beats `than`'s by more than `confidence`
        standard errors of the difference (a departure from the guide must be shown, not
        just drawn from the noise of a few hundred rollouts). A paired search compares the
        visits played on the same seeds, pair by pair.

        The standard error on n results (pairs, or the fewer visits of the two) is taken to
        be at least 1/n, what one of them moving by a whole game would move the mean: a few
        results that happen to agree have an unknown spread, not none, and a zero spread
        would let any gain, however small, pass as clearly better."""
        assert self.confidence is not None  # only asked with a confidence
        if node.visits < 2 or than.visits < 2:
            return False
        if self.paired:
            assert node.results is not None and than.results is not None  # root children
            pairs = min(len(node.results), len(than.results))
            gaps = [a - b for a, b in zip(node.results, than.results, strict=False)]
            mean = sum(gaps) / pairs
            variance = sum((g - mean) ** 2 for g in gaps) / (pairs - 1)
            error = max(math.sqrt(variance / pairs), 1.0 / pairs)
            return mean > self.confidence * error
        spread = 0.0
        for n in (node, than):
            mean = n.total / n.visits
            variance = max(0.0, n.squares / n.visits - mean * mean) * n.visits / (n.visits - 1)
            spread += variance / n.visits
        gap = node.total / node.visits - than.total / than.visits
        error = max(math.sqrt(spread), 1.0 / min(node.visits, than.visits))
        return gap > self.confidence * error

    def _root_action(self, root: _Node, seat: int, actions: Sequence[Action]) -> Action:
        """Return the root action the next iteration of a paired search takes: the one the
        descent would pick (the root's actions are the same in every determinization)."""
        untried = [a for a in actions if (seat, a) not in root.children]
        if untried:
            preferred = root.preferred.get(seat)
            if preferred is not None and preferred in untried:
                return preferred
            return untried[self._rng.randrange(len(untried))]
        preferred = root.preferred.get(seat)
        choice = self._ucb(root, seat, actions, preferred)
        # every departure is judged on pairs with the guide's choice: it is visited as often
        # as the challenger UCB picks, or a challenger far ahead would starve it of the pairs
        # that could show the gap
        if (
            self.confidence is not None
            and preferred is not None
            and choice != preferred
            and root.children[seat, preferred].visits < root.children[seat, choice].visits
        ):
            return preferred
        return choice

    def _ucb(
        self, node: _Node, actor: int, legal: Sequence[Action], preferred: Action | None
    ) -> Action:
        """Return the action of highest UCB1 score (availability for the parent's visits,
        the guide's bonus added) among `legal`, every one of them tried."""
        children = node.children
        log_c = self.exploration
        best_action, best_score = legal[0], -math.inf
        for action in legal:
            child = children[actor, action]
            score = child.total / child.visits + log_c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if action == preferred:
                score += self.guide_weight / child.visits
            if score > best_score:
                best_action, best_score = action, score
        return best_action

    def _iterate(
        self, root: _Node, state: State, rng: random.Random, first: Action | None = None
    ) -> None:
        """Descend from the root in the determinization `state` (taking `first` at the root
        when given), expand one node, roll out with `rng`'s chance, and add the result
        along the path."""
        node = root
        path: list[_Node] = []
        stop = self.stop
        while True:
            actor = state.current_player()
            if actor == TERMINAL or (stop is not None and stop(state)):
                break  # a path that reaches a stop is scored there, as a rollout would be
            if actor == CHANCE:
                state = state.apply(sample_outcome(state.chance_outcomes(), rng.random()))
                continue
            legal = state.legal_actions()
            if len(legal) == 1:
                state = state.apply(legal[0])
                continue
            if self.depth is not None and len(path) >= self.depth:
                break  # deeper decisions are the rollout policy's
            children = node.children
            untried = []
            for action in legal:
                child = children.get((actor, action))
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            preferred = self._preferred(node, actor, state)
            if first is not None and node is root and first not in untried:
                node = children[actor, first]
                path.append(node)
                state = state.apply(first)
                continue
            if untried:
                if first is not None and node is root:
                    action = first  # a paired search picked it (`_root_action`)
                elif preferred is not None and preferred in untried:
                    action = preferred  # the guide's choice is tried first
                else:
                    action = untried[rng.randrange(len(untried))]
                child = _Node(actor)
                child.available = 1
                children[actor, action] = child
                path.append(child)
                state = state.apply(action)
                break
            best_action = self._ucb(node, actor, legal, preferred)
            node = children[actor, best_action]
            path.append(node)
            state = state.apply(best_action)
        result = self._rollout(state, rng)
        for visited in path:
            visited.visits += 1
            value = result[visited.seat]
            visited.total += value
            visited.squares += value * value
        if self.paired and path:
            taken = path[0]
            if taken.results is None:
                taken.results = []
            taken.results.append(result[taken.seat])

    def _preferred(self, node: _Node, actor: int, state: State) -> Action | None:
        """Return the guide's choice for `actor` at `node` (asked in the first determinization
        that reaches it with `actor` to act: a guide that plays from its seat's observation
        answers alike in all)."""
        if self.guide is None or (self.guide_weight <= 0 and self.confidence is None):
            return None
        preferred = node.preferred.get(actor)
        if preferred is None:
            preferred = node.preferred[actor] = self.guide.choose(state)
        return preferred

    def _rollout(self, state: State, rng: random.Random) -> Sequence[float]:
        return rollout(state, rng, self.rollout, self.rollout_steps, self.stop, self.evaluate)


def rollout(
    state: State,
    rng: random.Random,
    policy: Player | None = None,
    steps: int | None = None,
    stop: Callable[[State], bool] | None = None,
    evaluate: Callable[[State], Sequence[float]] | None = None,
) -> Sequence[float]:
    """Play `state` on as a search's rollout does and return each seat's share: `policy`
    decides (a uniformly random legal action where there is none), `rng` draws chance, to the
    end of the game, or for `steps` decisions or until `stop` says so (of any state, a chance
    state too), where `evaluate` scores the position (it must be given with either)."""
    while True:
        actor = state.current_player()
        if actor == TERMINAL:
            return shares(state)
        if stop is not None and stop(state):
            # checked before chance too: a stop such as "the paper has snapped" is a chance
            # state, and playing on past it would score a later position
            if evaluate is None:
                raise ValueError("a rollout with a stop needs an evaluation")
            return evaluate(state)
        if actor == CHANCE:
            state = state.apply(sample_outcome(state.chance_outcomes(), rng.random()))
            continue
        if steps is not None:
            if steps <= 0:
                if evaluate is None:
                    raise ValueError("a rollout with a step limit needs an evaluation")
                return evaluate(state)
            steps -= 1
        if policy is not None:
            state = state.apply(policy.choose(state))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])


__all__ = ["ISMCTS", "Sampler", "rollout", "shares"]
