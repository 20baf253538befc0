"""Every refusal the engine can raise has a message id in errors.MESSAGES, and the parameters each
raise gives are exactly the placeholders of its English sentence; no id is left unused. The play
app's translations are checked against the same table (tests/web/test_refusals.py)."""

import ast
import string
from pathlib import Path

from play.engine.errors import MESSAGES
from play.engine.rules import WRONG_PHASE

ENGINE = Path(__file__).resolve().parents[2] / "play" / "engine"


def _refusal_calls():
    """(file, line, code expression, keyword names) of each IllegalAction(...) / _refuse(...)."""
    for path in sorted(ENGINE.rglob("*.py")):
        if path.name == "errors.py":  # defines IllegalAction, raises none
            continue
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id == "IllegalAction":
                code = node.args[0] if node.args else None
            elif node.func.id == "_refuse":
                code = node.args[1] if len(node.args) > 1 else None
            else:
                continue
            keywords = {k.arg for k in node.keywords}
            if None in keywords:  # a helper that forwards a caller's id and **params
                continue
            yield f"{path.name}:{node.lineno}", code, keywords


def _placeholders(template):
    return {field for _text, field, _spec, _conv in string.Formatter().parse(template) if field}


def test_every_refusal_uses_a_known_id_with_the_parameters_its_sentence_names():
    raised = set()
    for where, code, keywords in _refusal_calls():
        if isinstance(code, ast.Constant) and isinstance(code.value, str):
            codes = [code.value]
        elif code is not None and ast.unparse(code) == "WRONG_PHASE[state.phase]":
            codes = list(WRONG_PHASE.values())
        else:
            raise AssertionError(f"{where}: a refusal's id must be a literal, not {code}")
        for one in codes:
            assert one in MESSAGES, f"{where}: unknown message id {one!r}"
            assert keywords == _placeholders(MESSAGES[one]), (where, one, keywords)
            raised.add(one)
    assert raised == set(MESSAGES), f"ids never raised: {sorted(set(MESSAGES) - raised)}"
