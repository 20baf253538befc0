"""The campaign's screens, one module per screen: each looks the campaign up, asks the models
and `campaign/dashboard.py` what to show, and changes things only through `campaign/flow`.

Links: /c/<table secret>/… is the shared screen; /c/m/<mayor secret>/… is one mayor's phone; the
host's pages need the owner logged in too. Who may open what: `access.py`.
"""
