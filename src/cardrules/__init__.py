"""cardrules: typed, exact rules engines for the card games Hazari and Azi.

The core holds what both games share: cards, decks, seeded randomness, errors and
the game-state protocol. The games live in :mod:`cardrules.hazari` and
:mod:`cardrules.azi`.

>>> from cardrules import parse_cards, Deck
>>> parse_cards("AS 10h T♦")
(Card.parse('AS'), Card.parse('TH'), Card.parse('TD'))
>>> len(Deck.standard())
52
"""

from cardrules._version import __version__
from cardrules.cards import (
    Card,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    require_distinct,
)
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import (
    CardParseError,
    CardRulesError,
    IllegalActionError,
    InvalidArrangementError,
    InvalidCardsError,
    InvalidRulesError,
    InvalidSeedError,
    InvalidStateError,
    ParseError,
)
from cardrules.game import ActionTuple, GameState, LegalActions, Observation, Resampler, Turn
from cardrules.records import text as _text  # noqa: F401 (Game.state_from_text reads with it)
from cardrules.registry import Game, GameDefinition, game_names, load_game, register_game
from cardrules.rng import Rng, derive_seed, game_seeds

__all__ = [
    "ActionTuple",
    "Card",
    "CardParseError",
    "CardRulesError",
    "Dealing",
    "Deck",
    "Game",
    "GameDefinition",
    "GameState",
    "IllegalActionError",
    "InvalidArrangementError",
    "InvalidCardsError",
    "InvalidRulesError",
    "InvalidSeedError",
    "InvalidStateError",
    "LegalActions",
    "Observation",
    "ParseError",
    "Rank",
    "Resampler",
    "Rng",
    "Suit",
    "Turn",
    "__version__",
    "derive_seed",
    "format_cards",
    "game_names",
    "game_seeds",
    "load_game",
    "parse_card",
    "parse_cards",
    "register_game",
    "require_distinct",
]
