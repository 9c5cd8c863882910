"""The frameworks' own API tests, for every edition."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from roborally import pettingzoo_env
from roborally.gym_env import RoborallyEnv

CYCLES = 60


def small(edition):
    return {"max_rounds": 3} if edition != "conquest" else {}


def test_pettingzoo_aec_api(edition):
    api_test(pettingzoo_env.env(edition, **small(edition)), num_cycles=CYCLES, verbose_progress=False)


def test_pettingzoo_parallel_api(edition):
    parallel_api_test(pettingzoo_env.parallel_env(edition, **small(edition)), num_cycles=CYCLES)


def test_pettingzoo_seed(edition):
    seed_test(lambda: pettingzoo_env.env(edition, **small(edition)), num_cycles=CYCLES)
    # PettingZoo's parallel seed test samples without the masks.
    parallel_seed_test(
        lambda: pettingzoo_env.parallel_env(edition, illegal="wrap", **small(edition)), num_cycles=CYCLES
    )


def test_parallel_step_is_the_tables_step_with_its_observations(edition):
    # The one native call of a Parallel step against the table driven by
    # hand: numpy and float entries, a missing seat (0), wrap's modulo.
    for illegal in ("raise", "wrap"):
        env = pettingzoo_env.parallel_env(edition, illegal=illegal, **small(edition))
        obs, _ = env.reset(seed=3)
        twin = env.table.clone()
        rng = np.random.default_rng(1)
        for step in range(40):
            if not env.agents:
                break
            acts = {}
            for a, o in obs.items():
                legal = np.flatnonzero(o["action_mask"])
                x = legal[rng.integers(len(legal))]
                if illegal == "wrap":
                    x += 3 * len(legal)
                acts[a] = x if step % 3 else float(x)
            if step % 5 == 4:
                acts.pop(env.possible_agents[0])
            seats = [acts.get(a, 0) for a in env.possible_agents]
            if illegal == "wrap":
                seats = [int(x) % max(twin.menu_len(s), 1) for s, x in enumerate(seats)]
            obs, rewards, terms, _, _ = env.step(acts)
            twin.step([int(x) for x in seats])
            for s, a in enumerate(env.possible_agents):
                assert np.array_equal(obs[a]["observation"], twin.observe(s))
                assert np.array_equal(obs[a]["action_mask"], twin.mask(s))
                assert obs[a]["observation"].dtype == np.float32 and obs[a]["action_mask"].dtype == np.int8
                assert terms[a] == twin.is_over()
                assert rewards[a] == (twin.returns()[s] if twin.is_over() else 0.0)
        assert twin.save() == env.table.save()


def test_gymnasium_check_env(edition):
    env = RoborallyEnv(edition, opponents="random", **small(edition))
    check_env(env, skip_render_check=True)


def test_gymnasium_planner_opponents_play_a_whole_game():
    env = gymnasium.make("roborally/Race-v0", edition="2023", opponents="planner", max_rounds=3)
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    done, steps = False, 0
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, done, truncated, info = env.step(int(rng.choice(legal)))
        steps += 1
    assert steps > 0 and reward in (-1.0, 0.0, 1.0)


def test_gymnasium_vector_env(edition):
    envs = gymnasium.vector.SyncVectorEnv(
        [lambda: RoborallyEnv(edition, opponents="random", **small(edition)) for _ in range(2)]
    )
    obs, info = envs.reset(seed=5)
    assert obs.shape[0] == 2
    rng = np.random.default_rng(1)
    for _ in range(40):
        masks = info["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, term, trunc, info = envs.step(actions)
    envs.close()


def test_openspiel_random_simulation(edition):
    pyspiel = pytest.importorskip("pyspiel")
    from roborally import openspiel_game

    params = {"max_rounds": 3} if edition != "conquest" else {}
    game = openspiel_game.load_game(edition, **params)
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    # pyspiel's own test on the sampled-chance game; its serializing part
    # needs the game's generator state, which a Python game cannot give
    # (docs/python.md), so that part runs on the deterministic twin.
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    fixed = openspiel_game.load_game(edition, fixed_seed=True, **params)
    assert fixed.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    pyspiel.random_sim_test(fixed, num_sims=1, serialize=True, verbose=False)
    # Chance is sampled per initial state, from the seed parameter.
    def firsts(seed):
        g = openspiel_game.load_game(edition, seed=seed, **params)
        return [g.new_initial_state().table.save() for _ in range(2)]

    assert firsts(4) == firsts(4) and firsts(4) != firsts(5)
    assert len(set(firsts(4))) == 2
    assert fixed.new_initial_state().table.save() == fixed.new_initial_state().table.save()
    # The sampled-chance game, played at random through pyspiel's API,
    # with clones and serialize/deserialize round trips on the way.
    rng = np.random.default_rng(2)
    state = game.new_initial_state()
    assert len(state.observation_tensor(0)) == len(state.information_state_tensor(0)) > 0
    steps = 0
    while not state.is_terminal():
        p = state.current_player()
        if p == pyspiel.PlayerId.SIMULTANEOUS:
            acts = [int(rng.choice(state.legal_actions(q))) for q in range(game.num_players())]
            state.apply_actions(acts)
        else:
            state.apply_action(int(rng.choice(state.legal_actions(p))))
        steps += 1
        if steps % 25 == 0:
            again = game.deserialize_state(state.serialize())
            assert str(again) == str(state) and again.clone().serialize() == state.serialize()
    assert sorted(set(state.returns())) in ([0.0], [-1.0, 1.0])
