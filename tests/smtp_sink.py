"""A small SMTP server on loopback that keeps what it is sent: the tests of EMAIL_URL's schemes
and the operations drill (which loads this file by its path) send real mail to it.

It speaks just enough SMTP for Django's backend (EHLO, optional AUTH PLAIN/LOGIN, MAIL, RCPT,
DATA, RSET, NOOP, QUIT), offers STARTTLS when asked to and records whether a client asked for it,
and notes a client that opens with a TLS handshake instead of waiting for the greeting. It has
no certificate: a STARTTLS or TLS client is seen asking, never served."""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage

TLS_HANDSHAKE = 0x16  # the first byte of a TLS record that opens a handshake


@dataclass
class Sink:
    offer_starttls: bool = False
    messages: list[EmailMessage] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)
    tls_hello_seen: bool = False
    port: int = 0

    def start(self) -> Sink:
        self._server = socket.create_server(("127.0.0.1", 0))
        self.port = self._server.getsockname()[1]
        self._arrived = threading.Condition()
        threading.Thread(target=self._accept, daemon=True).start()
        return self

    def stop(self) -> None:
        self._server.close()

    def wait_for_message(self, seconds: float = 30) -> EmailMessage:
        with self._arrived:
            self._arrived.wait_for(lambda: self.messages, timeout=seconds)
        if not self.messages:
            raise TimeoutError("no mail reached the sink")
        return self.messages[-1]

    def _accept(self) -> None:
        while True:
            try:
                connection, _address = self._server.accept()
            except OSError:
                return
            threading.Thread(target=self._talk, args=(connection,), daemon=True).start()

    def _talk(self, connection: socket.socket) -> None:
        with connection:
            # A TLS client speaks first (its ClientHello); an SMTP client waits for the greeting.
            connection.settimeout(0.5)
            try:
                first = connection.recv(1, socket.MSG_PEEK)
                if first and first[0] == TLS_HANDSHAKE:
                    self.tls_hello_seen = True
                    return
            except TimeoutError:
                pass
            connection.settimeout(30)
            reader = connection.makefile("rb")

            def say(line: str) -> None:
                connection.sendall(line.encode() + b"\r\n")

            say("220 sink ESMTP")
            while True:
                raw = reader.readline()
                if not raw:
                    return
                line = raw.decode(errors="replace").rstrip("\r\n")
                verb = line.split(" ", 1)[0].upper()
                self.commands.append(verb)
                if verb in {"EHLO", "HELO"}:
                    extensions = ["250-sink", "250-AUTH PLAIN LOGIN"]
                    if self.offer_starttls:
                        extensions.append("250-STARTTLS")
                    for extension in [*extensions, "250 8BITMIME"]:
                        say(extension)
                elif verb == "STARTTLS":
                    say("454 TLS not available in this sink")
                    return
                elif verb == "AUTH":
                    if line.upper().startswith("AUTH LOGIN"):
                        for _prompt in ("VXNlcm5hbWU6", "UGFzc3dvcmQ6")[len(line.split()) - 2 :]:
                            say(f"334 {_prompt}")
                            reader.readline()
                    say("235 accepted")
                elif verb == "DATA":
                    say("354 end with a dot")
                    body = b""
                    while (chunk := reader.readline()) not in {b".\r\n", b".\n", b""}:
                        body += chunk[1:] if chunk.startswith(b"..") else chunk
                    with self._arrived:
                        self.messages.append(message_from_bytes(body, policy=policy.default))
                        self._arrived.notify_all()
                    say("250 kept")
                elif verb == "QUIT":
                    say("221 bye")
                    return
                else:
                    say("250 ok")
