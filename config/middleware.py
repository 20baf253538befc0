"""Cookies marked Secure exactly when the page was served over HTTPS.

A group at home opens the game over plain HTTP: a Secure CSRF cookie would never come back
from a phone, and no move could be posted. Over HTTPS the cookies must not leak to HTTP.
"""

from django.conf import settings

COOKIES = (settings.SESSION_COOKIE_NAME, settings.CSRF_COOKIE_NAME, settings.LANGUAGE_COOKIE_NAME)


def secure_cookies_over_https(get_response):
    def middleware(request):
        response = get_response(request)
        if request.is_secure():
            for name in COOKIES:
                if name in response.cookies:
                    response.cookies[name]["secure"] = True
        return response

    return middleware
