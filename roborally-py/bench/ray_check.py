"""The seeded batch over Ray workers: the same results whatever the
number of workers (run outside CI; see docs/python.md).

    python roborally-py/bench/ray_check.py
"""

import ray

from roborally.ray_tools import play_seeds, results_json

ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
seeds = range(100, 124)
one = results_json(play_seeds("2023", seeds, workers=1, bot="random", max_rounds=5))
two = results_json(play_seeds("2023", seeds, workers=2, bot="random", max_rounds=5))
four = results_json(play_seeds("2023", seeds, workers=4, bot="random", max_rounds=5))
assert one == two == four, "results depend on the number of workers"
print(f"{len(seeds)} games of 2023 on 1, 2 and 4 Ray workers: identical results")
print(one[:160] + " ...")
ray.shutdown()
