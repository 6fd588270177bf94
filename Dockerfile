# Dugout: the Discord bot in a small image. Build:  docker build -t dugout .
# Run:  docker run --env-file .env -v dugout-data:/data dugout
# The league file is always /data/dugout.sqlite3 on the volume: DUGOUT_IMAGE_DATABASE outranks the
# DUGOUT_DATABASE that --env-file .env sets. Without DISCORD_TOKEN, `dugout run --bot` says what to
# set and exits with status 2 instead of playing terminal games over and over.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DUGOUT_IMAGE_DATABASE=/data/dugout.sqlite3

RUN useradd --create-home --uid 10001 dugout \
    && mkdir /data && chown dugout:dugout /data

WORKDIR /app
COPY pyproject.toml README.md LICENSE ./
COPY cards ./cards
COPY engine ./engine
COPY league ./league
COPY bot ./bot
COPY migrations ./migrations
RUN pip install . && rm -rf /app/build

USER dugout
WORKDIR /home/dugout
VOLUME ["/data"]
CMD ["dugout", "run", "--bot"]
