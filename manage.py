#!/usr/bin/env python3
"""Django's command-line utility for administrative tasks (installed, the same is `machikoro`)."""

from machikoro.cli import main

if __name__ == "__main__":
    main()
