"""The league's web site (issue 29; docs/web.md): read-only pages served by aiohttp from the league store,
beside the Discord and terminal front ends. :func:`bot.web.app.make_app` builds the application."""
