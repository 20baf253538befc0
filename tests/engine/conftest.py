import sys
from pathlib import Path

# The engine tests import their helpers as a plain module.
sys.path.insert(0, str(Path(__file__).parent))
