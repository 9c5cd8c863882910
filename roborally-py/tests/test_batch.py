"""The batched native environment."""

import numpy as np
import pytest

from roborally import Batch, ShapeError, Table


def arrays(b):
    n, s = b.n, b.seats
    return (
        np.zeros((n, s, b.obs_len), np.float32),
        np.zeros((n, s, b.menu_size), np.uint8),
        np.zeros((n, s), np.float32),
        np.zeros(n, np.uint8),
        np.zeros((n, s), np.int64),
    )


def random_actions(masks, rng, out):
    # A random legal entry per seat: the argmax of noise on the mask.
    noise = rng.random(masks.shape) * masks
    np.argmax(noise, axis=2, out=out)


def run(edition, n, steps, seed=0):
    b = Batch(edition, n, seed=seed, max_rounds=3 if edition != "conquest" else None, menu=16)
    obs, masks, rewards, dones, actions = arrays(b)
    b.reset(seed, obs, masks)
    rng = np.random.default_rng(4)
    decisions, ended, total = 0, 0, np.zeros(b.seats)
    for _ in range(steps):
        random_actions(masks, rng, actions)
        decisions += b.step(actions, obs, masks, rewards, dones)
        ended += int(dones.sum())
        total += rewards.sum(axis=0)
    return b, decisions, ended, obs.copy(), total


def test_a_batch_plays_games_to_their_end_and_starts_them_again(edition):
    steps = 1500 if edition == "conquest" else 200
    b, decisions, ended, obs, total = run(edition, 4, steps)
    assert decisions >= steps
    assert ended > 0
    assert obs.any()
    again = run(edition, 4, steps)
    assert again[1:3] == (decisions, ended) and np.array_equal(again[3], obs)


def test_game_i_is_seeded_by_its_index():
    b = Batch("2023", 3, seed=10, menu=16)
    obs, masks, rewards, dones, actions = arrays(b)
    b.reset(10, obs, masks)
    for i in range(3):
        t = Table("2023", seed=10 + i, menu=16)
        assert b.table(i).save() == t.save()
        assert np.array_equal(obs[i, 0], t.observe(0))
    rng = np.random.default_rng(0)
    random_actions(masks, rng, actions)
    b.step(actions, obs, masks, rewards, dones)
    t = Table("2023", seed=11, menu=16)
    t.step(actions[1].tolist())
    assert b.table(1).save() == t.save()


def test_wrong_arrays_and_entries_are_refused_and_change_nothing():
    b = Batch("2023", 2, seed=1, menu=16)
    obs, masks, rewards, dones, actions = arrays(b)
    b.reset(1, obs, masks)
    before = [b.table(i).save() for i in range(2)]
    with pytest.raises(ShapeError, match="obs has shape"):
        b.step(actions, obs[:1], masks, rewards, dones)
    with pytest.raises(TypeError):
        b.step(actions, obs.astype(np.float64), masks, rewards, dones)
    bad = actions.copy()
    bad[1, b.table(1).asked()[0]] = 99
    with pytest.raises(ShapeError, match="game 1"):
        b.step(bad, obs, masks, rewards, dones)
    assert [b.table(i).save() for i in range(2)] == before
