"""Shared pytest setup for all of tests/ (engine, web, browser, deck).

pytest-django configures Django from pyproject.toml; tests that do not ask for the
`db` fixture (tests/engine) never touch the database.
"""
