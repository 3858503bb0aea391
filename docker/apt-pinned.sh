#!/bin/sh
# Installs Debian packages in an image at exactly the versions runtime/packages pins for the local
# stack (so for every test), from the archives of wordpress/core/sources.list, the ones the local
# stack's root is built from. The Dockerfile names the packages it needs; their versions are read
# from the list, never written in the Dockerfile. A name the list lacks stops the build.
#
#   sh apt-pinned.sh DIR NAME...          install (DIR holds `packages` and `sources.list`)
#   sh apt-pinned.sh --print DIR NAME...  only print the name=version words apt would be given
#                                         (scripts/docker-check.mjs compares them with the list)
set -eu

print=
if [ "${1:-}" = --print ]; then
	print=1
	shift
fi
[ $# -ge 2 ] || { echo "usage: sh apt-pinned.sh [--print] DIR NAME..." >&2; exit 2; }
dir=$1
shift

pins=
for name in "$@"; do
	# The list's own format: "name version" a line, # starts a comment.
	pin=$(sed -e 's/#.*//' "$dir/packages" | awk -v n="$name" 'NF == 2 && $1 == n { print $1 "=" $2 }')
	[ -n "$pin" ] || { echo "apt-pinned: runtime/packages pins no package $name" >&2; exit 1; }
	pins="$pins $pin"
done
if [ -n "$print" ]; then
	printf '%s\n' $pins
	exit 0
fi

# Only these archives: the base image's own sources (trixie-updates too) would offer other builds.
rm -f /etc/apt/sources.list.d/*
cp "$dir/sources.list" /etc/apt/sources.list
apt-get update -qq
# No package starts its service while the image is built (the container's entry point starts it).
[ -e /usr/sbin/policy-rc.d ] || printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
chmod +x /usr/sbin/policy-rc.d
# $pins unquoted on purpose: one name=version word per package.
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $pins
apt-get clean
rm -rf /var/lib/apt/lists/*
