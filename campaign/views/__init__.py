"""The campaign's screens, one module per screen: each looks the campaign up, asks the models
and `campaign/dashboard.py` what to show, and changes things only through `campaign/flow`.

Links: /c/<table secret>/… is the shared screen (the host's table); /c/<table secret>/m/<mayor
secret>/… is one mayor's phone. Both are secrets; a wrong one is a 404 that names nothing.
"""
