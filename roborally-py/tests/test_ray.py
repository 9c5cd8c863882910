"""Ray: the RLlib creator's seeds, PPO through it, and seeded games over
Ray workers. Skipped where Ray (and, for PPO, torch) is not installed:
CI does not install them (docs/python.md has the run outside CI)."""

import sys
from pathlib import Path

import numpy as np
import pytest

rllib = pytest.importorskip("ray.rllib")

from ray.rllib.env.env_context import EnvContext  # noqa: E402

from roborally.ray_tools import creator_seed, env_creator, play_seeds, results_json  # noqa: E402

SETTINGS = {"edition": "2023", "max_rounds": 3}


def play(env, rng):
    """Plays one episode with RLlib's multi-agent API, unmasked random
    entries (wrapped into the menus); the observations' digest."""
    obs, _ = env.reset()
    digest, done = 0.0, False
    while not done:
        actions = {a: int(rng.integers(0, 64)) for a in obs}
        obs, rewards, term, trunc, _ = env.step(actions)
        digest += sum(float(o.sum()) for o in obs.values())
        done = term["__all__"] or trunc["__all__"]
    return digest


def test_the_creator_seeds_from_the_worker_and_vector_indices():
    ctx = EnvContext({**SETTINGS, "seed": 3}, worker_index=2, vector_index=4)
    a, b = env_creator(ctx), env_creator(ctx)
    assert a.roborally_seed == b.roborally_seed == creator_seed(3, 2, 4) == 30_204
    assert play(a, np.random.default_rng(0)) == play(b, np.random.default_rng(0))
    other = env_creator(EnvContext({**SETTINGS, "seed": 3}, worker_index=2, vector_index=5))
    assert other.roborally_seed == 30_205
    # RLlib's new API stack gives every environment of a worker vector
    # index 0: they are counted in the order they are made.
    made = [env_creator(EnvContext({**SETTINGS, "seed": 11}, worker_index=1)) for _ in range(3)]
    assert [e.roborally_seed for e in made] == [110_100, 110_101, 110_102]


@pytest.fixture(scope="module")
def local_ray():
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_seeded_games_give_the_same_results_over_any_number_of_workers(local_ray):
    seeds = range(40, 46)
    runs = [results_json(play_seeds("2023", seeds, workers=w, bot="random", max_rounds=3)) for w in (1, 2, 3)]
    assert runs[0] == runs[1] == runs[2]


def test_rllib_ppo_trains_on_the_parallel_environment(local_ray):
    pytest.importorskip("torch")
    from ray.tune.registry import register_env

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
    import rllib_ppo

    register_env("roborally", env_creator)
    algo = rllib_ppo.config("2023", seed=5, iterations_batch=200, max_rounds=3).build_algo()
    try:
        assert rllib_ppo.env_seeds(algo) == [[50_100, 50_101]]
        result = algo.train()
        assert result["env_runners"]["num_env_steps_sampled_lifetime"] >= 200
        assert result["env_runners"]["num_episodes_lifetime"] > 0
    finally:
        algo.stop()
