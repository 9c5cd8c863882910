"""Ray helpers: seeded batches of games over Ray workers, and the RLlib
environment creator.

:func:`play_seeds` plays one game per seed, each with the edition's bots
in every seat, and returns the results in seed order: the same list
whatever the number of workers, since a game depends on its seed alone.
:func:`env_creator` makes the Parallel environment for RLlib, seeded from
the worker and vector indices.
"""

import json

from ._native import Table
from ._native import bots as bot_names


def play_game(edition, seed, bot=None, players=2, max_rounds=20):
    """One whole game with `bot` (the edition's default) in every seat:
    ``{"seed", "winners", "returns", "digest"}`` (``digest``: the final
    state's save, hashed)."""
    import hashlib

    bot = bot or bot_names(edition)[0]
    kw = {} if edition == "conquest" else {"max_rounds": max_rounds}
    t = Table(edition, players=players, seed=seed, **kw)
    while not t.is_over():
        for s in t.asked():
            t.apply_json(s, t.bot_action(s, bot))
    digest = hashlib.sha256(t.save().encode()).hexdigest()[:16]
    return {"seed": seed, "winners": t.winners(), "returns": t.returns(), "digest": digest}


def play_seeds(edition, seeds, workers, **kw):
    """Plays one game per seed on `workers` Ray tasks (chunks of seeds);
    the results in seed order."""
    import ray

    @ray.remote
    def chunk(part):
        return [play_game(edition, s, **kw) for s in part]

    seeds = list(seeds)
    parts = [seeds[i::workers] for i in range(workers)]
    done = ray.get([chunk.remote(p) for p in parts if p])
    by_seed = {r["seed"]: r for part in done for r in part}
    return [by_seed[s] for s in seeds]


class _Unmasked:
    """The Parallel env (made with ``illegal="wrap"``) for learners
    without action masks: observations are the flat vectors."""

    def __init__(self, env):
        self.env = env
        self.possible_agents = env.possible_agents
        self.metadata = env.metadata
        self.render_mode = None

    @property
    def agents(self):
        return self.env.agents

    def observation_space(self, agent):
        return self.env.observation_space(agent)["observation"]

    def action_space(self, agent):
        return self.env.action_space(agent)

    def reset(self, seed=None, options=None):
        obs, infos = self.env.reset(seed=seed, options=options)
        return {a: o["observation"] for a, o in obs.items()}, infos

    def step(self, actions):
        obs, r, term, trunc, infos = self.env.step(actions)
        return {a: o["observation"] for a, o in obs.items()}, r, term, trunc, infos

    def close(self):
        pass

    def render(self, *_):
        return None

    @property
    def unwrapped(self):
        return self


#: Environments made so far in this process, by (base seed, worker index):
#: the vector index of the next one when RLlib does not give it.
_MADE = {}


def creator_seed(base, worker_index, vector_index):
    """The seed :func:`env_creator` gives the environment of a worker and
    a vector index: ``base * 10_000 + worker_index * 100 + vector_index``
    (distinct for up to 100 environments per worker)."""
    return base * 10_000 + worker_index * 100 + vector_index


def env_creator(config):
    """RLlib's creator (``register_env("roborally", env_creator)``): the
    Parallel environment of ``config["edition"]`` (``"2023"``; the other
    keys are the environment's settings), wrapped for RLlib, its episodes
    seeded from :func:`creator_seed` of ``config["seed"]`` (0), the
    context's ``worker_index`` and its ``vector_index``.

    RLlib's new API stack makes every environment of a worker with the
    same context (``vector_index`` 0), in order: there the vector index is
    the number of environments this process made before for the same
    worker and base seed. An episode's seed is drawn from a generator
    seeded with the creator's seed, unless RLlib passes one to ``reset``
    (it does when ``config.debugging(seed=...)`` is set)."""
    from ray.rllib.env.wrappers.pettingzoo_env import ParallelPettingZooEnv

    from .pettingzoo_env import parallel_env

    cfg = dict(config)
    edition = cfg.pop("edition", "2023")
    base = cfg.pop("seed", 0)
    worker = getattr(config, "worker_index", 0)
    made = _MADE.get((base, worker), 0)
    _MADE[(base, worker)] = made + 1
    vector = getattr(config, "vector_index", 0) or made
    seed = creator_seed(base, worker, vector)
    env = _Unmasked(parallel_env(edition, illegal="wrap", **cfg))
    env.reset(seed=seed)
    wrapped = ParallelPettingZooEnv(env)
    wrapped.roborally_seed = seed
    return wrapped


def results_json(results):
    """The results as one line of JSON (for comparing runs)."""
    return json.dumps(results, sort_keys=True)
