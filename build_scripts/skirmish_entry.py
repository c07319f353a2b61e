"""The packaged executable's entry point: the same CLI as `python -m game` (design §7)."""
import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
