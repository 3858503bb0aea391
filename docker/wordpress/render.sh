#!/bin/sh
# Fills in a shared server template (runtime/nginx/wordpress.conf, runtime/php-fpm/pool.conf) for the
# WordPress image, by the rule the local stack's scripts/lib/server-config.mjs follows: every
# ${NAME} blank gets a value, and a value no blank asks for is an error, so a configuration half
# filled in never reaches a server. nginx's own $variables are left alone.
#
#   sh render.sh TEMPLATE OUTPUT NAME=VALUE...
set -eu
[ $# -ge 2 ] || { echo "usage: sh render.sh TEMPLATE OUTPUT NAME=VALUE..." >&2; exit 2; }
template=$1
out=$2
shift 2
text=$(cat "$template")
for pair in "$@"; do
	name=${pair%%=*}
	value=${pair#*=}
	case "$text" in
	*"\${$name}"*) ;;
	*) echo "render: $template has no blank for $name" >&2; exit 1 ;;
	esac
	# The values are paths and addresses: neither | nor & nor \ belongs in them.
	case "$value" in
	*[\|\&\\]*) echo "render: $name=$value has a character the template cannot take" >&2; exit 1 ;;
	esac
	text=$(printf '%s\n' "$text" | sed "s|\${$name}|$value|g")
done
left=$(printf '%s\n' "$text" | grep -o '\${[A-Z][A-Z0-9_]*}' | sort -u | tr '\n' ' ' || true)
[ -z "$left" ] || { echo "render: no value for $left in $template" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
printf '%s\n' "$text" >"$out"
