"""RLlib's PPO on the Parallel environment, registered through
:func:`roborally.ray_tools.env_creator` (run outside CI; its output is in
docs/python.md).

    pip install "ray[rllib]" torch ./roborally-py
    python roborally-py/examples/rllib_ppo.py [--iterations 3] [--edition 2023]
        [--course "Milk Run"] [--max-rounds 5]

One policy shared by every seat, on a local Ray (``ray.init(num_cpus=2)``):
one remote env runner with two environments. Each environment's seed comes
from the worker and vector indices (``ray_tools.creator_seed``); the script
prints them, then the training results.
"""

import argparse


def config(edition, seed, iterations_batch=400, runners=1, envs=2, max_rounds=5, course=None):
    """The PPO configuration of the example (small: a CPU and a few minutes)."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.default_model_config import DefaultModelConfig

    env_config = {"edition": edition, "seed": seed}
    if edition != "conquest":
        env_config["max_rounds"] = max_rounds
    if course:
        env_config["course"] = course
    return (
        PPOConfig()
        .environment("roborally", env_config=env_config)
        .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent, *args, **kw: "shared")
        .env_runners(num_env_runners=runners, num_envs_per_env_runner=envs)
        .training(train_batch_size_per_learner=iterations_batch, minibatch_size=100, num_epochs=1)
        .rl_module(model_config=DefaultModelConfig(fcnet_hiddens=[64, 64]))
    )


def env_seeds(algo):
    """The creator's seed of every environment of every remote env runner."""
    return algo.env_runner_group.foreach_env_runner(
        lambda runner: [e.unwrapped.roborally_seed for e in runner.env.envs], local_env_runner=False
    )


def main():
    import ray
    from ray.tune.registry import register_env

    from roborally.ray_tools import env_creator

    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--iterations", type=int, default=3)
    p.add_argument("--edition", default="2023")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--course", default=None, help="a course of the edition (its default otherwise)")
    p.add_argument("--max-rounds", type=int, default=5)
    a = p.parse_args()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    register_env("roborally", env_creator)
    algo = config(a.edition, a.seed, max_rounds=a.max_rounds, course=a.course).build_algo()
    print(f"env seeds by remote env runner: {env_seeds(algo)}")
    for i in range(a.iterations):
        r = algo.train()
        runners = r.get("env_runners", {})
        by_seat = {a: round(float(x), 3) for a, x in sorted(runners.get("agent_episode_returns_mean", {}).items())}
        print(
            f"iteration {i + 1}: env steps {runners.get('num_env_steps_sampled_lifetime')}, "
            f"episodes {runners.get('num_episodes_lifetime')}, "
            f"return mean by seat {by_seat}, "
            f"episode length mean {runners.get('episode_len_mean'):.1f}"
        )
    algo.stop()
    ray.shutdown()


if __name__ == "__main__":
    main()
