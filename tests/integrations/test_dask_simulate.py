"""Simulations on a real Dask cluster give exactly the serial results.

This test needs the ``dask`` extra (``pip install "cardrules[dask]"``) and skips
without it.
"""

from __future__ import annotations

import pytest

distributed = pytest.importorskip(
    "dask.distributed", reason="Dask is not installed: pip install 'cardrules[dask]'"
)

from cardrules import load_game  # noqa: E402
from cardrules.runner import simulate  # noqa: E402


def test_simulate_on_a_local_cluster_equals_the_serial_run() -> None:
    game = load_game("azi", players=4)
    bots = [
        game.bots["heuristic"](),
        game.bots["random"](),
        game.bots["random"](),
        game.bots["heuristic"](),
    ]
    serial = simulate(game, bots, games=120, seed=5, rotate_seats=True, chunk_size=7)
    with (
        distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        with distributed.get_task_stream(client) as stream:
            clustered = simulate(
                game, bots, games=120, seed=5, rotate_seats=True, chunk_size=7, executor=executor
            )
    # The 18 chunks really ran on the cluster, in both worker processes.
    assert len(stream.data) == 18
    assert len({task["worker"] for task in stream.data}) == 2
    assert clustered == serial
    assert clustered.games == serial.games
    assert clustered.table() == serial.table()
