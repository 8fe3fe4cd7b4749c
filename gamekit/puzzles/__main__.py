"""``python -m gamekit.puzzles build GAME [--count N] [--seed S] [--out PATH]`` (see :mod:`gamekit.puzzles.build`)."""

import sys

from gamekit.puzzles.build import main

sys.exit(main())
