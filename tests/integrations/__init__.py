"""Tests of the tensors and of the adapters to OpenSpiel, PettingZoo and Dask."""
