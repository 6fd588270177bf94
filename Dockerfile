# Dugout: the Discord bot in a small image. Build:  docker build -t dugout .
# Run:  docker run --env-file .env -v dugout-data:/data dugout
# The league file is always /data/dugout.sqlite3 on the volume: DUGOUT_IMAGE_DATABASE outranks the
# DUGOUT_DATABASE that --env-file .env sets. Without DISCORD_TOKEN, `dugout run --bot` says what to
# set and exits with status 2 instead of playing terminal games over and over.
# The image is built from the whole package (the build context, less what .dockerignore leaves out),
# with the seasons extra, so every command works in it: `dugout cards generate` too, and the postgresql
# extra, so a bot of compose.yaml reaches PostgreSQL (DUGOUT_DATABASE_URL; docs/deployment.md).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DUGOUT_IMAGE_DATABASE=/data/dugout.sqlite3 \
    DUGOUT_HEARTBEAT=/tmp/dugout-heartbeat

RUN useradd --create-home --uid 10001 dugout \
    && mkdir /data && chown dugout:dugout /data

WORKDIR /app
COPY . .
RUN pip install ".[seasons,postgresql]" && rm -rf /app/build

USER dugout
WORKDIR /home/dugout
VOLUME ["/data"]
# Healthy once the bot has logged in and while it stays connected: it refreshes DUGOUT_HEARTBEAT every
# 20 s (bot.discord.health); a bot stuck before login never writes it.
HEALTHCHECK --interval=30s --timeout=10s --start-period=120s --retries=3 CMD ["python", "-m", "bot.discord.health"]
CMD ["dugout", "run", "--bot"]
