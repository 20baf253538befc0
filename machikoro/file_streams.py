"""Under ASGI, a response that streams through a synchronous iterator (every static file
WhiteNoise serves) is read in a worker thread, 64 KiB at a time, and sent as it is read.

Django's ASGI handler would read such an iterator whole into memory in a thread before sending a
byte, and warn each time ("StreamingHttpResponse must consume synchronous iterators…").
WhiteNoise serves synchronously only (6.12). ServeStatic, its fork for ASGI, has a middleware that
is asynchronous only: Django's synchronous test client would then send every request through
`async_to_sync`, which the browser tests' event loop forbids in the test thread. A middleware of
our own in either mode would be run synchronously among the synchronous ones. So WhiteNoise
stays, and the handler that sends a response to the ASGI server hands it an asynchronous
iterator instead.
"""

from itertools import islice

from asgiref.sync import sync_to_async

from machikoro.live.threads import ThreadReusingASGIHandler

BLOCKS_AT_ONCE = 16  # of a FileResponse's 4 KiB blocks: one thread hop per 64 KiB


class FileStreamingASGIHandler(ThreadReusingASGIHandler):
    # (the threads of requests kept for the next ones: machikoro/live/threads.py)
    async def send_response(self, response, send):
        if response.streaming and not response.is_async:
            response.streaming_content = _read_in_a_worker(response.streaming_content)
        await super().send_response(response, send)


async def _read_in_a_worker(blocks):
    iterator = iter(blocks)
    read = sync_to_async(lambda: list(islice(iterator, BLOCKS_AT_ONCE)), thread_sensitive=False)
    while read_now := await read():
        yield b"".join(read_now)
