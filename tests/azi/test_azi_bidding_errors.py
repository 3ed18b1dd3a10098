"""The bidding helpers refuse a seat that is not staying with a package error, even for
a value whose ``repr`` raises (``list.index`` would have put that ``repr`` in its error)."""

from __future__ import annotations

import pytest

from cardrules.azi.bidding import first_leader, next_bidder
from cardrules.azi.rules import FirstLead
from cardrules.errors import InvalidStateError


class BrokenRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


@pytest.mark.parametrize("seat", [BrokenRepr(), 5, None])
def test_a_seat_not_staying_is_refused_by_name(seat: object) -> None:
    with pytest.raises(InvalidStateError, match="next_bidder"):
        next_bidder((1, 2), (False, False, False), seat)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="first_leader expects one of the staying seats"):
        first_leader((1, 2), seat, FirstLead.RIGHT_OF_WINNER)  # type: ignore[arg-type]


def test_staying_seats_still_answer() -> None:
    assert next_bidder((0, 1, 2), (False, True, False), 0) == 2
    assert next_bidder((0, 1, 2), (False, True, True), 0) == 0
    assert first_leader((1, 2, 3, 0), 0, FirstLead.RIGHT_OF_WINNER) == 3
