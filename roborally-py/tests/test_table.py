"""The native table: seeding, copies, saves, bots, views, errors."""

import copy
import json
import pickle

import numpy as np
import pytest

import roborally
from roborally import IllegalAction, SetupError, ShapeError, Table


def play(table, steps, rng):
    """Random masked answers for every asked seat, `steps` times."""
    trail = []
    for _ in range(steps):
        if table.is_over():
            break
        acts = []
        for s in range(table.seats):
            n = table.menu_len(s)
            acts.append(int(rng.integers(n)) if n else 0)
        table.step(acts)
        trail.append(acts)
    return trail


def test_the_same_seed_and_answers_replay_the_same_game(edition):
    a = Table(edition, seed=7, max_rounds=5)
    b = Table(edition, seed=7, max_rounds=5)
    play(a, 40, np.random.default_rng(1))
    play(b, 40, np.random.default_rng(1))
    assert a.save() == b.save()
    assert np.array_equal(a.observe(0), b.observe(0))
    c = Table(edition, seed=8, max_rounds=5)
    play(c, 40, np.random.default_rng(1))
    assert c.save() != a.save()


def test_copies_go_on_as_the_original(edition):
    t = Table(edition, seed=3, max_rounds=5)
    play(t, 10, np.random.default_rng(2))
    for other in (t.clone(), copy.deepcopy(t), pickle.loads(pickle.dumps(t))):
        assert other.save() == t.save()
        x, y = t.clone(), other
        play(x, 20, np.random.default_rng(5))
        play(y, 20, np.random.default_rng(5))
        assert x.save() == y.save()
        assert np.array_equal(x.observe(1), y.observe(1))
        assert [x.mask(s).tolist() for s in range(2)] == [y.mask(s).tolist() for s in range(2)]


def test_a_game_plays_to_its_end_with_returns(edition):
    t = Table(edition, seed=4, max_rounds=4)
    play(t, 5000, np.random.default_rng(3))
    assert t.is_over()
    r = t.returns()
    assert sorted(set(r)) in ([0.0], [-1.0, 1.0])
    assert [s for s in range(t.seats) if r[s] == 1.0] == t.winners()


def test_the_bots_answer_from_python(edition):
    t = Table(edition, seed=5, max_rounds=3)
    names = roborally.bots(edition)
    for _ in range(30):
        if t.is_over():
            break
        for s in t.asked():
            t.apply_json(s, t.bot_action(s, names[-1]))
    assert t.save() != Table(edition, seed=5, max_rounds=3).save()
    s = Table(edition, seed=5).asked()[0]
    first = Table(edition, seed=5).bot_action(s, names[0])
    assert first == Table(edition, seed=5).bot_action(s, names[0]), "bots are seeded"


def test_views_text_and_menu_entries_are_readable(edition):
    t = Table(edition, seed=1)
    s = t.asked()[0]
    view = json.loads(t.view_json(s))
    assert isinstance(view, dict) and view
    assert json.loads(t.view_json())
    assert len(t.text().splitlines()) > 2
    action, text = t.entry(s, 0)
    json.loads(action)
    assert text
    t.apply_json(s, action)


def test_the_observation_has_its_documented_shape(edition):
    t = Table(edition, players=3, seed=2)
    planes, h, w, vector = t.layout
    assert t.obs_len == planes * h * w + vector
    o = t.observe(0)
    assert o.dtype == np.float32 and o.shape == (t.obs_len,)
    assert (o >= 0).all() and np.isfinite(o).all()
    assert t.mask(0).dtype == np.int8 and t.mask(0).shape == (64,)
    if edition != "conquest":
        assert planes == 28 and h > 0 and w > 0


def test_full_information_shows_the_other_hands(edition):
    seed = 6
    partial = Table(edition, seed=seed)
    full = Table(edition, seed=seed, full_information=True)
    rng = np.random.default_rng(0)
    for _ in range(2000):
        if partial.is_over():
            break
        a, b = partial.observe(0), full.observe(0)
        if not np.array_equal(a, b):
            assert (b >= a).all(), "full information only adds"
            return
        acts = [int(rng.integers(partial.menu_len(s))) if partial.menu_len(s) else 0 for s in range(2)]
        partial.step(acts)
        full.step(acts)
    pytest.fail("the other seat's cards never showed")


def test_bad_input_raises_with_the_engines_message_and_changes_nothing(edition):
    t = Table(edition, seed=9)
    before = t.save()
    s = t.asked()[0]
    with pytest.raises(IllegalAction, match="not in seat"):
        t.step_one(s, 63 if t.menu_len(s) < 64 else 10_000)
    idle = [x for x in range(t.seats) if x not in t.asked()]
    if idle:
        with pytest.raises(IllegalAction, match="nothing to decide"):
            t.step_one(idle[0], 0)
    with pytest.raises(IllegalAction):
        t.step_one(7, 0)
    with pytest.raises(ShapeError, match="not an action of the"):
        t.apply_json(s, '{"nonsense": 1}')
    with pytest.raises(ShapeError):
        t.step([0])
    assert t.save() == before
    with pytest.raises(SetupError, match="unknown edition `chess`"):
        Table("chess")
    with pytest.raises(SetupError):
        Table(edition, options=["no-such-option"])
    with pytest.raises(SetupError):
        t.bot_action(s, "no-such-bot")
    assert t.save() == before


def test_an_action_the_engine_refuses_names_the_rule():
    t = Table("2023", seed=1)
    s = t.asked()[0]
    with pytest.raises(IllegalAction) as e:
        t.apply_json(s, '"DrawUpgrade"')
    assert "does not answer" in str(e.value) or "not" in str(e.value)
    assert t.save() == Table("2023", seed=1).save()
