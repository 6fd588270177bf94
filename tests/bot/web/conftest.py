"""The site tests' bench league and client (defined in test_site), for every page family's tests."""

from tests.bot.web.test_site import bench_set, client, league  # noqa: F401 - fixtures
