"""`python -m mousehole.cli`: the `mousehole` command."""

import sys

from . import main

sys.exit(main())
