"""A Hazari deal worked out by hand, shared by the state and match tests."""

from __future__ import annotations

from cardrules import Card, parse_cards

# A deal worked out by hand (dealer 0, so seat 1 leads and the order of play is 1 2 3 0).
#   Round 1: seats 1 and 3 both show Pair K-K-5, the highest; seats 2 and 0 Pair Q-Q-A.
#   Round 2: Pair J-J-9 (seat 2) beats J-J-8, 9-9-4 and 8-8-6.
#   Round 3: Pair T-T-7 (seat 0) beats T-T-6, 5-5-2 and 4-4-2.
#   Round 4 (led by seat 0, so the order is 0 1 2 3): seats 1 and 3 both have Pair 3-3-7
#   as their best three; seat 1's spare card (6) is higher than seat 3's (2), which must
#   not matter. Seats 0 and 2 only have Indi.
SCRIPT = {
    1: "KS KH 5C | 9S 9H 4C | 4S 4H 2C | 3S 3H 7C 6D",
    2: "QS QH AD | JD JC 9C | TS TH 6S | AS 9D 7S 4D",
    3: "KD KC 5D | 8S 8H 6C | 5S 5H 2H | 3D 3C 7D 2S",
    0: "QD QC AC | JS JH 8D | TD TC 7H | AH 8C 6H 2D",
}
# Card points by round: 110 (four K, four Q, two A, two 5), 80, 80, 90.


def scripted_hands() -> list[tuple[Card, ...]]:
    return [parse_cards(SCRIPT[seat].replace("|", "")) for seat in range(4)]
