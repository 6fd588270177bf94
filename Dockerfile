# Dugout: the Discord bot in a small image. Build:  docker build -t dugout .
# Run:  docker run --env-file .env -v dugout-data:/data dugout
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DUGOUT_DATABASE=/data/dugout.sqlite3

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
# The database stays on the /data volume whatever --env-file .env says (the .env of a
# checkout names data/dugout.sqlite3, which here would be lost with the container).
CMD ["sh", "-c", "DUGOUT_DATABASE=/data/dugout.sqlite3 exec dugout run"]
