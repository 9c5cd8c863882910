"""Side-by-side speed figures for docs/python.md (a script, not a test).

    python roborally-py/bench/bench.py [--seconds 3] [--games 512]

Measures, in one run: PettingZoo's connect_four_v3 stepping random legal
actions (AEC), a single 2023 Parallel environment with random legal
actions, the batched environment (agent decisions per second: one seat's
answer, a whole program counting as one) and a state copy through the
binding. Everything runs on one core (the batch is single-threaded).

Each rate is given twice: per second of wall clock, and per second of
this process's CPU time (time.process_time): on a machine shared with
other work the second is the share of one core this process really had,
so it is the figure to compare with a per-core target.
"""

import argparse
import random
import time
import timeit

import numpy as np


def rate(fn, seconds):
    """Calls `fn` (which returns a count) until `seconds` of wall clock
    pass; (count per wall second, count per CPU second)."""
    count, start, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        count += fn()
    return count / (time.perf_counter() - start), count / (time.process_time() - cpu)


def pick(mask, rng):
    """A uniformly random legal action (`rng`: a `random.Random`): the
    sampler of every environment here."""
    legal = mask.nonzero()[0]
    return int(legal[rng.randrange(len(legal))])


def pick_numpy(mask, rng):
    """The same draw with numpy's Generator (`rng`), the sampler of the
    figures before: its call costs several microseconds, more than a
    2023 Parallel step's own Python, so it is shown apart."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))])


def sampler(name):
    """The picking function and its generator, seeded 0."""
    if name == "numpy":
        return pick_numpy, np.random.default_rng(0)
    return pick, random.Random(0)


def connect_four(seconds, how="python"):
    from pettingzoo.classic import connect_four_v3

    env = connect_four_v3.env()
    env.reset(seed=0)
    pick, rng = sampler(how)

    def burst():
        n = 0
        for _ in range(1000):
            agent = env.agent_selection
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.reset()
                continue
            env.step(pick(obs["action_mask"], rng))
            n += 1
        return n

    return rate(burst, seconds)


def parallel_2023(seconds, how="python"):
    from roborally.pettingzoo_env import parallel_env

    env = parallel_env("2023")
    obs, _ = env.reset(seed=0)
    pick, rng = sampler(how)
    state = {"obs": obs}

    def burst():
        n = 0
        for _ in range(200):
            if not env.agents:
                state["obs"], _ = env.reset()
            acts = {a: pick(o["action_mask"], rng) for a, o in state["obs"].items()}
            state["obs"], *_ = env.step(acts)
            n += 1
        return n

    return rate(burst, seconds)


def batched(seconds, games, edition="2023"):
    from roborally import Batch

    b = Batch(edition, games, seed=0, max_rounds=20)
    n, s = b.n, b.seats
    obs = np.zeros((n, s, b.obs_len), np.float32)
    masks = np.zeros((n, s, b.menu_size), np.uint8)
    rewards = np.zeros((n, s), np.float32)
    dones = np.zeros(n, np.uint8)
    actions = np.zeros((n, s), np.int64)
    noise = np.empty(masks.shape, np.float32)
    rng = np.random.default_rng(0)
    b.reset(0, obs, masks)
    native = {"t": 0.0}

    def burst():
        d = 0
        for _ in range(10):
            rng.random(dtype=np.float32, out=noise)
            np.multiply(noise, masks, out=noise)
            np.argmax(noise, axis=2, out=actions)
            t0 = time.perf_counter()
            d += b.step(actions, obs, masks, rewards, dones)
            native["t"] += time.perf_counter() - t0
        return d

    start = time.perf_counter()
    r = rate(burst, seconds)
    share = native["t"] / (time.perf_counter() - start)
    return r, share, b.obs_len


def copy_us():
    from roborally import Table

    t = Table("2023", seed=0)
    rng = np.random.default_rng(0)
    for _ in range(6):
        t.step([int(rng.integers(t.menu_len(s))) if t.menu_len(s) else 0 for s in range(t.seats)])
    n = 200_000
    cpu = time.process_time
    clone = min(timeit.repeat(t.clone, number=n, repeat=3, timer=cpu)) / n * 1e6
    noop = min(timeit.repeat(t.is_over, number=n, repeat=3, timer=cpu)) / n * 1e6
    return clone, noop


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--games", type=int, default=512)
    a = p.parse_args()
    c4 = connect_four(a.seconds)
    par = parallel_2023(a.seconds)
    c4_np = connect_four(a.seconds, "numpy")
    par_np = parallel_2023(a.seconds, "numpy")
    bat, share, obs_len = batched(a.seconds, a.games)
    clone, call = copy_us()
    print("                                      per wall second       per CPU second")
    print(f"connect_four_v3 (AEC, random legal): {c4[0]:12,.0f}          {c4[1]:12,.0f}        steps/s")
    print(
        f"2023 Parallel env (random legal):    {par[0]:12,.0f} {par[0] / c4[0]:6.1f}x  "
        f"{par[1]:12,.0f} {par[1] / c4[1]:6.1f}x  steps/s"
    )
    print(
        f"2023 Batch, {a.games} games:            {bat[0]:12,.0f} {bat[0] / c4[0]:6.1f}x  "
        f"{bat[1]:12,.0f} {bat[1] / c4[1]:6.1f}x  decisions/s"
    )
    print(f"  ({share:.0%} of the batch's wall time in the native step; obs {obs_len} floats)")
    print(
        f"with numpy's sampler: connect_four_v3 {c4_np[1]:,.0f}, 2023 Parallel {par_np[1]:,.0f} "
        f"steps per CPU second ({par_np[1] / c4_np[1]:.1f}x)"
    )
    print(f"Table.clone() through the binding:   {clone:12.2f} us of CPU  (a no-op method call: {call:.2f} us)")


if __name__ == "__main__":
    main()
