"""The attachment endpoints (docs/protocol.md §11.6) as a client calls them,
for the console tests: a person's app uploading with its resume token, or a
test checking what the server holds. Every call returns the status and body."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any


@dataclass
class Answer:
    """An HTTP answer: its status, headers and body."""

    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> dict[str, Any]:
        """The body read as a JSON object (empty when it is not one)."""
        try:
            value = json.loads(self.body)
        except ValueError:
            return {}
        return value if isinstance(value, dict) else {}


class AttachmentHttp:
    """The attachment endpoints of the server at `server_url`, called with `token`
    (a resume token or an agent token) as `Authorization: Bearer`."""

    def __init__(self, server_url: str, token: str) -> None:
        self._server_url = server_url.rstrip("/")
        self._token = token

    def start(self, name: str, size: int, media_type: str, sid: str | None = None) -> Answer:
        """`POST /v1/attachments`."""
        fields: dict[str, Any] = {"name": name, "size": size, "mediaType": media_type}
        if sid is not None:
            fields["sid"] = sid
        return self._send("POST", "/v1/attachments", json.dumps(fields).encode(),
                          {"Content-Type": "application/json"})

    def put(self, attachment_id: str, data: bytes, offset: int) -> Answer:
        """`PUT /v1/attachments/{id}` of `data` from `offset`."""
        return self._send("PUT", f"/v1/attachments/{attachment_id}", data, {"Upload-Offset": str(offset)})

    def status(self, attachment_id: str) -> Answer:
        """`GET /v1/attachments/{id}`."""
        return self._send("GET", f"/v1/attachments/{attachment_id}")

    def download(self, attachment_id: str, sid: str) -> Answer:
        """`POST /v1/attachments/{id}/download` with the form `sid=…`."""
        return self._send("POST", f"/v1/attachments/{attachment_id}/download",
                          urllib.parse.urlencode({"sid": sid}).encode(),
                          {"Content-Type": "application/x-www-form-urlencoded"})

    def upload(self, name: str, data: bytes, media_type: str, part_size: int = 300_000) -> str:
        """Uploads `data` whole in parts and returns the ticket to send it with in chat."""
        started = self.start(name, len(data), media_type)
        assert started.status == 201, f"POST /v1/attachments: {started.status} {started.body!r}"
        attachment_id = started.json["attachmentId"]
        answer = started
        for offset in range(0, len(data), part_size):
            answer = self.put(attachment_id, data[offset:offset + part_size], offset)
            assert answer.status == 200, f"PUT at {offset}: {answer.status} {answer.body!r}"
        ticket = answer.json.get("ticket")
        assert isinstance(ticket, str), f"the last part's answer has no ticket: {answer.body!r}"
        return ticket

    def _send(self, method: str, path: str, body: bytes | None = None,
              headers: dict[str, str] | None = None) -> Answer:
        request = urllib.request.Request(self._server_url + path, data=body, method=method,
                                         headers={**(headers or {}), "Authorization": f"Bearer {self._token}"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return Answer(response.status, dict(response.headers), response.read())
        except urllib.error.HTTPError as refusal:
            return Answer(refusal.code, dict(refusal.headers), refusal.read())
