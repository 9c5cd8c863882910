"""Spaces and small helpers shared by the PettingZoo and Gymnasium faces."""

import numpy as np
from gymnasium import spaces

from ._native import Table

#: Round cap of the environments' races unless told otherwise, so that
#: random play ends (a race nobody wins ends in a draw at the cap).
DEFAULT_MAX_ROUNDS = 20


def new_table(edition, players, seed, settings):
    """A :class:`Table` with the environments' defaults."""
    settings = dict(settings)
    if edition != "conquest":
        settings.setdefault("max_rounds", DEFAULT_MAX_ROUNDS)
    return Table(edition, players=players, seed=seed, **settings)


def observation_box(table):
    """The flat float32 observation of one seat."""
    return spaces.Box(0.0, np.inf, shape=(table.obs_len,), dtype=np.float32)


def mask_box(table):
    """The int8 action mask of one seat."""
    return spaces.Box(0, 1, shape=(table.menu_size,), dtype=np.int8)


def masked_space(table):
    """PettingZoo's ``{"observation", "action_mask"}`` convention."""
    return spaces.Dict({"observation": observation_box(table), "action_mask": mask_box(table)})


def next_seed(rng):
    """A fresh episode seed from the environment's own generator."""
    return int(rng.integers(0, 2**63 - 1))


def render(table, mode):
    """The game as text for ``render_mode`` ``"ansi"``; printed for
    ``"human"``; nothing without a mode."""
    if mode is None:
        return None
    text = table.text()
    if mode == "human":
        print(text)
        return None
    return text
