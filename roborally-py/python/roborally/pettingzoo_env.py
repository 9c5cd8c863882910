"""PettingZoo faces: :func:`env` (AEC) and :func:`parallel_env`.

Agents are ``player_0`` ... ``player_{n-1}``. Every agent's action space
is ``Discrete(menu)``: an entry of its menu (see ``docs/python.md``);
observations are ``{"observation": float32[obs_len], "action_mask":
int8[menu]}``. A seat with nothing to decide has entry 0 alone in its
mask (wait). Rewards come at the end: +1 to the winners, -1 to the
others, 0 to all when nobody won (the round cap).
"""

import functools

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import agent_selector  # noqa: F401  (kept for users)

from ._spaces import render, masked_space, new_table, next_seed


class _Faces:
    """What the two faces share: the table, agents, spaces, observations."""

    def _setup(self, edition, players, settings, render_mode):
        self._edition = edition
        self._settings = settings
        self._table = new_table(edition, players, 0, settings)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._obs_space = masked_space(self._table)
        self._act_space = spaces.Discrete(self._table.menu_size)
        self.render_mode = render_mode
        self._rng = np.random.default_rng()

    @functools.lru_cache(maxsize=None)  # noqa: B019  (one space per agent)
    def observation_space(self, agent):
        return self._obs_space

    @functools.lru_cache(maxsize=None)  # noqa: B019
    def action_space(self, agent):
        return self._act_space

    def _reset_table(self, seed):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = next_seed(self._rng)
        self._table.reset(game_seed)

    def _observe(self, agent):
        seat = self._seat[agent]
        return {"observation": self._table.observe(seat), "action_mask": self._table.mask(seat)}

    @property
    def table(self):
        """The native :class:`roborally.Table` (for bots, views, saves)."""
        return self._table

    def render(self):
        return render(self._table, self.render_mode)

    def state(self):
        """Every seat's observation with full information, stacked."""
        return np.stack([self._table.observe(s) for s in range(len(self.possible_agents))])

    def close(self):
        pass


class RoborallyParallelEnv(_Faces, ParallelEnv):
    """Every asked seat answers in one step (programming is simultaneous)."""

    metadata = {"name": "roborally_v0", "render_modes": ["ansi", "human"], "is_parallelizable": True}

    def __init__(self, edition="2023", players=2, render_mode=None, illegal="raise", **settings):
        if illegal not in ("raise", "wrap"):
            raise ValueError(f"illegal must be 'raise' or 'wrap', not {illegal!r}")
        self._wrap = illegal == "wrap"
        self._setup(edition, players, settings, render_mode)
        self.agents = []

    def reset(self, seed=None, options=None):
        self._reset_table(seed)
        self.agents = list(self.possible_agents)
        obs = self._table.observe_dict(self.possible_agents)
        return obs, {a: {} for a in self.agents}

    def step(self, actions):
        if not self.agents:
            # After the end: nothing to decide, nobody to report.
            return {}, {}, {}, {}, {}
        # The answers, the step and PettingZoo's five dicts in one native
        # call (every seat stays an agent until the end). With
        # illegal="wrap" (learners without masks), an entry past a seat's
        # menu is taken modulo the menu's length.
        out = self._table.parallel_step(actions, self.possible_agents, self._wrap)
        if self._table.is_over():
            self.agents = []
        return out


class RoborallyAECEnv(_Faces, AECEnv):
    """One asked seat at a time, in seat order; answers of a simultaneous
    decision are applied one by one (the engine hides them until they are
    revealed)."""

    metadata = {"name": "roborally_v0", "render_modes": ["ansi", "human"], "is_parallelizable": True}

    def __init__(self, edition="2023", players=2, render_mode=None, **settings):
        self._setup(edition, players, settings, render_mode)
        self.agents = []

    def reset(self, seed=None, options=None):
        self._reset_table(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self):
        asked = self._table.asked()
        if asked:
            self.agent_selection = self.possible_agents[asked[0]]
        elif self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent):
        return self._observe(agent)

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._table.step_one(self._seat[agent], int(action))
        if self._table.is_over():
            returns = self._table.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = True
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


def env(edition="2023", players=2, render_mode=None, **settings):
    """A PettingZoo AEC environment of ``edition``.

    Keywords: ``course``, ``max_rounds`` (20 by default for the races),
    ``priority``, ``options`` (the edition's setup options), ``menu``
    (the action space's size, 64), ``full_information`` (observations
    show every seat's cards).
    """
    return RoborallyAECEnv(edition, players, render_mode, **settings)


def parallel_env(edition="2023", players=2, render_mode=None, illegal="raise", **settings):
    """A PettingZoo Parallel environment of ``edition`` (keywords as
    :func:`env`). ``illegal="wrap"`` takes an entry past a seat's menu
    modulo the menu's length instead of raising, for learners that
    sample without the mask."""
    return RoborallyParallelEnv(edition, players, render_mode, illegal, **settings)
