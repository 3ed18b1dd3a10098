"""Bots that play either game through the shared protocol."""

__all__: list[str] = []
