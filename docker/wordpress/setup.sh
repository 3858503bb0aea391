#!/bin/sh
# One-shot setup of WordPress for docker-compose.yml (the `setup` service), run on every
# `docker compose up`: installs WordPress from the environment on the first run, then on every
# run sets pretty permalinks, the headless theme and the active car-export plugin, and, with
# SEED_DEMO=1, loads the demo catalogue. Each step checks before it changes anything, so running
# it again changes nothing. The admin password is used only by the first install: a password
# changed later in wp-admin is kept.
set -eu

WP_PATH="${WORDPRESS_ROOT:-/usr/src/wordpress}"
SEED_DIR=/opt/car-export/seed
SEED_MEDIA=/opt/car-export/seed-media

say() { printf 'setup: %s\n' "$*"; }
fail() { printf 'setup: %s\n' "$*" >&2; exit 1; }
wp() { command wp --path="$WP_PATH" "$@"; }

: "${WORDPRESS_PUBLIC_URL:?is required (the address of WordPress, e.g. http://localhost:8080)}"
: "${WP_ADMIN_USER:?is required (the first administrator account)}"
: "${WP_ADMIN_EMAIL:?is required (the administrator e-mail address)}"
: "${WP_ADMIN_PASSWORD:?is required (the first administrator password)}"
SITE_TITLE="${WP_SITE_TITLE:-Car Export}"

# The database answers a TCP connection a little before it takes logins: wait for a real login.
tries=0
until php -r '
	$host = getenv("WORDPRESS_DB_HOST") ?: "db";
	$port = 3306;
	if (preg_match("/^(.+):(\d+)$/", $host, $m)) { $host = $m[1]; $port = (int) $m[2]; }
	mysqli_report(MYSQLI_REPORT_OFF);
	$db = @mysqli_connect($host, getenv("WORDPRESS_DB_USER") ?: "wordpress", (string) getenv("WORDPRESS_DB_PASSWORD"), getenv("WORDPRESS_DB_NAME") ?: "wordpress", $port);
	exit($db ? 0 : 1);
'; do
	tries=$((tries + 1))
	[ "$tries" -lt 60 ] || fail "the database did not accept the WordPress login within 60 s (check DB_PASSWORD and the db service's log)"
	sleep 1
done

if wp core is-installed 2>/dev/null; then
	say "WordPress is already installed"
else
	say "installing WordPress at $WORDPRESS_PUBLIC_URL (administrator: $WP_ADMIN_USER)"
	# The password goes in on standard input, never on a command line other processes can read.
	printf '%s\n' "$WP_ADMIN_PASSWORD" | wp core install --url="$WORDPRESS_PUBLIC_URL" --title="$SITE_TITLE" \
		--admin_user="$WP_ADMIN_USER" --admin_email="$WP_ADMIN_EMAIL" --skip-email --prompt=admin_password >/dev/null
	# WordPress's sample post and page would show up in the site's news and sitemap.
	for sample in post:hello-world page:sample-page; do
		ids="$(wp post list --post_type="${sample%%:*}" --name="${sample#*:}" --post_status=any --format=ids)"
		[ -z "$ids" ] || wp post delete $ids --force >/dev/null
	done
	say "installed"
fi

# A new image may bring a newer WordPress core than the one that last upgraded the database: then
# WordPress's own database upgrade runs here, as its first wp-admin visit would run it, before the
# site reads tables the new core expects. A database upgraded by a newer WordPress than this image's
# is refused: WordPress never undoes a schema change, so going back is a restore from a backup made
# before that upgrade (or the newer image again), not something to run over.
db_revision="$(wp option get db_version)"
core_revision="$(wp core version --extra | sed -n 's/^Database revision:[[:space:]]*//p')"
for revision in "$db_revision" "$core_revision"; do
	case "$revision" in
		'' | *[!0-9]*) fail "cannot read the database revision ('$db_revision') or the core's ('$core_revision')" ;;
	esac
done
if [ "$db_revision" -lt "$core_revision" ]; then
	wp core update-db >/dev/null
	say "database upgraded from db version $db_revision to $core_revision (WordPress $(wp core version))"
elif [ "$db_revision" -gt "$core_revision" ]; then
	fail "the database was upgraded by a newer WordPress (db version $db_revision) than this image's $(wp core version) (db version $core_revision): restore a backup from before that upgrade or run the newer image"
fi

# Settings the catalogue relies on; update_option leaves an equal value alone.
wp option update timezone_string UTC >/dev/null
wp option update users_can_register 0 >/dev/null
wp option update default_comment_status closed >/dev/null
wp option update default_ping_status closed >/dev/null

# /graphql and the REST routes need pretty permalinks.
if [ "$(wp option get permalink_structure)" != '/%postname%/' ]; then
	wp rewrite structure '/%postname%/' >/dev/null
	say "permalinks set to /%postname%/"
fi

if [ "$(wp option get stylesheet)" != 'car-export-headless' ]; then
	wp theme activate car-export-headless >/dev/null
	say "theme car-export-headless activated"
fi

if ! wp plugin is-active car-export; then
	wp plugin activate car-export >/dev/null
	say "plugin car-export activated"
fi
# With the plugin loaded, its rewrite rules (/graphql) are part of the rebuilt set.
wp rewrite flush >/dev/null

case "${SEED_DEMO:-0}" in
	1 | true | yes)
		say "loading the demo catalogue (SEED_DEMO=${SEED_DEMO})"
		# The seed is a WP-CLI command of its own (not part of the plugin), loaded with --require;
		# php -d gives the image work the memory the local stack gives it.
		php -d memory_limit=1G "$(command -v wp)" --path="$WP_PATH" --require="$SEED_DIR/command.php" \
			car-export seed --media="$SEED_MEDIA"
		;;
	0 | false | no | '') ;;
	*) fail "SEED_DEMO must be 1 or 0, got '${SEED_DEMO}'" ;;
esac

say "WordPress is ready at $WORDPRESS_PUBLIC_URL (GraphQL at $WORDPRESS_PUBLIC_URL/graphql)"
