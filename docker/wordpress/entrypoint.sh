#!/bin/bash
# The WordPress image's entry point: php-fpm and nginx side by side. SIGTERM, SIGINT and SIGQUIT are
# passed on to both (SIGQUIT, the image's stop signal, lets requests in flight finish). When either
# server ends, the other is stopped and the container exits, non-zero unless it was told to stop, so
# compose's restart policy brings back a whole WordPress instead of one half serving errors.
set -u

# /run may be empty when the container starts.
mkdir -p /run/php
php-fpm8.4 --nodaemonize --fpm-config /etc/php/8.4/fpm/php-fpm.conf &
fpm=$!
nginx &
web=$!

stopping=
forward() {
	stopping=1
	kill -"$1" "$fpm" "$web" 2>/dev/null
}
trap 'forward TERM' TERM INT
trap 'forward QUIT' QUIT

# `wait -n` returns when one server ends, and also whenever a signal arrives: wait again while both
# are still running (they are then finishing their requests).
while :; do
	wait -n "$fpm" "$web"
	status=$?
	if ! kill -0 "$fpm" 2>/dev/null || ! kill -0 "$web" 2>/dev/null; then
		break
	fi
done

if [ -z "$stopping" ]; then
	if kill -0 "$fpm" 2>/dev/null; then gone=nginx; else gone=php-fpm; fi
	echo "car-export-wordpress: $gone ended (exit $status); stopping the other server" >&2
	forward QUIT
	[ "$status" -ne 0 ] || status=1
fi
wait
exit "$status"
