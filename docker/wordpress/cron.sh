#!/bin/sh
# The `cron` service of docker-compose.yml: WordPress runs with DISABLE_WP_CRON, so this loop is what
# runs its due events (queued lead mail, mail retries, clean-ups) every CRON_INTERVAL seconds, whether
# or not anyone visits WordPress. On SIGTERM a run in progress finishes (a mail being handed to the
# SMTP server is not cut) and the loop ends; compose's stop_grace_period allows for that.
set -u

WP_PATH="${WORDPRESS_ROOT:-/usr/src/wordpress}"
INTERVAL="${CRON_INTERVAL:-15}"
HEARTBEAT=/tmp/cron-heartbeat
stopping=0
trap 'stopping=1' TERM INT

printf 'cron: running due WP-Cron events every %ss\n' "$INTERVAL"
while [ "$stopping" = 0 ]; do
	if wp --path="$WP_PATH" cron event run --due-now --quiet; then
		# The health check reads this file's age: a loop that stopped running events is unhealthy.
		touch "$HEARTBEAT"
	else
		printf 'cron: wp cron event run failed (exit %s)\n' "$?" >&2
	fi
	[ "$stopping" = 0 ] || break
	# sleep in the background so a stop signal ends the wait at once.
	sleep "$INTERVAL" &
	wait $! 2>/dev/null || true
done
printf 'cron: stopped\n'
