"""Gymnasium face: one seat against the built-in bots.

``gymnasium.make("roborally/Race-v0", edition="2023", opponents="planner")``
(importing :mod:`roborally.gym_env` registers it). The action is an
entry of the seat's menu (``Discrete(menu)``); ``info["action_mask"]``
says which entries are legal. The other seats are played by the
edition's bots (``opponents``: one name for all, or a list by seat).

Learners here often sample without masks (and ``check_env`` does), so by
default (``illegal="wrap"``) an entry past the menu is taken modulo the
menu's length; ``illegal="raise"`` raises ``IllegalAction`` instead.
"""

import gymnasium
import numpy as np
from gymnasium import spaces

from ._native import bots as bot_names
from ._spaces import render, new_table, next_seed, observation_box


class RoborallyEnv(gymnasium.Env):
    """One seat (``seat``, 0 by default) of a game of ``edition``; the
    others are played by the bots named in ``opponents``."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self, edition="2023", players=2, opponents=None, seat=0, render_mode=None, illegal="wrap", **settings
    ):
        if illegal not in ("raise", "wrap"):
            raise ValueError(f"illegal must be 'raise' or 'wrap', not {illegal!r}")
        self._wrap = illegal == "wrap"
        self._table = new_table(edition, players, 0, settings)
        if opponents is None:
            opponents = bot_names(edition)[-1]
        if isinstance(opponents, str):
            opponents = [opponents] * players
        self._opponents = list(opponents)
        known = bot_names(edition)
        for name in self._opponents:
            if name.lower() not in known:
                from ._native import SetupError

                raise SetupError(f"unknown bot `{name}` for the {edition} edition ({', '.join(known)})")
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not one of {players} seats")
        self._seat = seat
        self.observation_space = observation_box(self._table)
        self.action_space = spaces.Discrete(self._table.menu_size)
        self.render_mode = render_mode
        self._rng = np.random.default_rng()

    @property
    def table(self):
        """The native :class:`roborally.Table`."""
        return self._table

    def _bots_play(self):
        """The bots answer until the seat is asked or the game is over."""
        t = self._table
        while not t.is_over():
            asked = t.asked()
            if self._seat in asked:
                return
            for s in asked:
                t.apply_json(s, t.bot_action(s, self._opponents[s]))

    def _out(self):
        info = {"action_mask": self._table.mask(self._seat)}
        return self._table.observe(self._seat), info

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = next_seed(self._rng)
        self._table.reset(game_seed)
        self._bots_play()
        return self._out()

    def step(self, action):
        t = self._table
        action = int(action)
        if self._wrap:
            action %= max(t.menu_len(self._seat), 1)
        t.step_one(self._seat, action)
        self._bots_play()
        over = t.is_over()
        reward = float(t.returns()[self._seat]) if over else 0.0
        obs, info = self._out()
        return obs, reward, over, False, info

    def render(self):
        return render(self._table, self.render_mode)

    def action_masks(self):
        """The legal entries (the convention of masked PPO implementations)."""
        return self._table.mask(self._seat).astype(bool)


gymnasium.register(id="roborally/Race-v0", entry_point="roborally.gym_env:RoborallyEnv")
