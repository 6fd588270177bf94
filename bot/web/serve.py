"""Serving the site: started by ``dugout web`` (bot.terminal.web) and by the bot when DUGOUT_WEB_PORT is set."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from urllib.parse import urlsplit

from aiohttp import web

from bot.web.app import make_app
from league.errors import SettingsError
from league.store import Store

log = logging.getLogger(__name__)

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8080
SHUTDOWN_SECONDS = 5.0  # how long a stop waits for a request still being answered


async def start_site(store: Store, host: str, port: int, *, base_url: str = "") -> tuple[web.AppRunner, str]:
    """The site listening on ``host:port`` (port 0: any free one), and its address; ``await runner.cleanup()``
    stops it."""
    # Pages are read-only and quick: a stop (Ctrl-C, the bot's close) need not wait aiohttp's default minute.
    runner = web.AppRunner(make_app(store, base_url=base_url), access_log=None, shutdown_timeout=SHUTDOWN_SECONDS)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    try:
        await site.start()
    except BaseException:
        await runner.cleanup()
        raise
    bound_host, bound_port = runner.addresses[0][:2]
    shown = f"[{bound_host}]" if ":" in bound_host else bound_host
    return runner, f"http://{shown}:{bound_port}/"


def web_settings(environ: Mapping[str, str]) -> tuple[str, int, str] | None:
    """(host, port, the address people see) from DUGOUT_WEB_PORT, DUGOUT_WEB_HOST and DUGOUT_WEB_URL;
    None when DUGOUT_WEB_PORT is unset (no site). A port that is not one is a one-line error."""
    text = environ.get("DUGOUT_WEB_PORT", "").strip()
    if not text:
        return None
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise SettingsError(f"DUGOUT_WEB_PORT must be a port number from 1 to 65535, not {text!r}")
    port = int(text)
    host = environ.get("DUGOUT_WEB_HOST", "").strip() or DEFAULT_HOST
    url = environ.get("DUGOUT_WEB_URL", "").strip().rstrip("/") or f"http://{DEFAULT_HOST}:{port}"
    return host, port, url


async def start_from_env(store: Store, environ: Mapping[str, str]) -> tuple[web.AppRunner | None, str | None]:
    """The bot's site (when DUGOUT_WEB_PORT is set) and the address its links use; (None, None) without one,
    or when it cannot start (logged: the bot runs on without its site)."""
    try:
        settings = web_settings(environ)
        if settings is None:
            return None, None
        host, port, url = settings
        runner, address = await start_site(store, host, port, base_url=urlsplit(url).path)
    except (SettingsError, OSError) as exc:
        log.error("the league site is not served: %s", exc)
        return None, None
    log.info("serving the league site at %s (seen as %s)", address, url)
    return runner, url
