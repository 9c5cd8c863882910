"""Robo Rally rules engines for Python.

Every edition of the engine (``classic``, ``2023``, ``transformers``,
``conquest``) behind:

- :class:`Table`: one game with its seats' menus (the native core);
- :class:`Batch`: many games stepped in one native call, writing into
  numpy arrays you own;
- :mod:`roborally.pettingzoo_env`: PettingZoo AEC and Parallel envs;
- :mod:`roborally.gym_env`: a Gymnasium single-agent env against the
  built-in bots;
- :mod:`roborally.openspiel_game`: OpenSpiel games (when ``open_spiel``
  is installed);
- :mod:`roborally.ray_tools`: Ray helpers (when ``ray`` is installed).

See ``docs/python.md`` for the action space, the observation layout and
the figures.
"""

from ._native import (
    Batch,
    IllegalAction,
    RoborallyError,
    SetupError,
    ShapeError,
    Table,
    bots,
    courses,
    editions,
    max_seats,
)

__all__ = [
    "Batch",
    "IllegalAction",
    "RoborallyError",
    "SetupError",
    "ShapeError",
    "Table",
    "bots",
    "courses",
    "editions",
    "max_seats",
    "table",
]


def table(edition="2023", players=2, seed=0, **settings):
    """A new :class:`Table` (the same keywords as the class)."""
    return Table(edition, players=players, seed=seed, **settings)
