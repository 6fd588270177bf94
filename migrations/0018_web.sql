-- The league's web site (issue 29, bot.web): a league's pages are at /<slug>/, the slug made from its
-- name (league.web.slugify), unique in the file. A league with a web secret is unlisted: its pages are
-- only at /<slug>-<secret>/ and the site's index leaves it out. The Python step fills the slugs of the
-- leagues already in the file (league.web.fill_slugs).
ALTER TABLE league ADD COLUMN slug TEXT CHECK (slug IS NULL OR slug GLOB '[a-z0-9]*');
ALTER TABLE league ADD COLUMN web_secret TEXT CHECK (web_secret IS NULL OR length(web_secret) >= 8);
CREATE UNIQUE INDEX league_slug ON league (slug);
