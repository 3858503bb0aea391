#!/bin/sh
# WordPress core as the local stack and the WordPress Docker image both run it: the Debian packages
# listed in ./packages, at exactly those versions, fetched from the archives in ./sources.list with a
# private apt state and unpacked, never installed. The machine's own package lists, sources and
# installed packages are neither read nor changed; only its apt configuration is (proxies, mirror
# settings), as any apt run reads it.
#
#   sh wordpress/core/install.sh STATE_DIR TARGET_DIR
#
# STATE_DIR keeps apt's lists and the downloaded .deb files for the next run, which downloads only
# when the list asks for a package the folder lacks. TARGET_DIR (must not exist yet) receives
# WordPress core: every file of the package's /usr/share/wordpress but wp-content/ and Debian's
# wp-config.php (it reads /etc/wordpress), with Debian's links to the bundled libraries replaced by
# the files they lead to, so the tree works wherever it is copied.
set -eu

fail() {
	printf 'wordpress core: %s\n' "$*" >&2
	exit 1
}
[ $# -eq 2 ] || fail "usage: sh install.sh STATE_DIR TARGET_DIR"
here=$(cd "$(dirname "$0")" && pwd)
state=$1
target=$2
[ ! -e "$target" ] || fail "$target already exists"

mkdir -p "$state/lists/partial" "$state/cache/archives/partial" "$state/debs"
state=$(cd "$state" && pwd)
# An empty package status: what this machine has installed plays no part in what is fetched.
: >"$state/status"
# As root, apt hands downloads to its unprivileged _apt user, who cannot write into this private
# state; apt would fall back to root with a warning on every file. What it downloads is checked
# against the archive's signed index either way.
sandbox=
[ "$(id -u)" != 0 ] || sandbox='-o APT::Sandbox::User=root'

private_apt() {
	tool=$1
	shift
	# $sandbox unquoted on purpose: one option and its value, or nothing
	"$tool" -o "Dir::Etc::SourceList=$here/sources.list" -o Dir::Etc::SourceParts=/nonexistent \
		-o "Dir::State=$state" -o "Dir::State::Lists=$state/lists" -o "Dir::State::status=$state/status" \
		-o "Dir::Cache=$state/cache" $sandbox "$@"
}

# name=version for every line of ./packages.
pins=$(sed -e 's/#.*//' "$here/packages" | awk 'NF == 2 { print $1 "=" $2; next } NF != 0 { exit 1 }') ||
	fail "$here/packages: every line must be 'name version'"
[ -n "$pins" ] || fail "$here/packages lists no package"

# The file `apt-get download name=version` writes (an epoch's colon becomes %3a), if it is here.
deb_of() {
	version=$(printf '%s' "${1#*=}" | sed 's/:/%3a/')
	for f in "$state/debs/${1%%=*}_${version}_"*.deb; do
		[ -f "$f" ] && printf '%s\n' "$f"
		return 0
	done
}

missing=
for pin in $pins; do
	[ -n "$(deb_of "$pin")" ] || missing="$missing $pin"
done
if [ -n "$missing" ]; then
	printf 'wordpress core: fetching%s\n' "$missing"
	private_apt apt-get -qq update || fail "apt-get update from $here/sources.list failed (is the Debian mirror reachable?)"
	for pin in $missing; do
		name=${pin%%=*}
		version=${pin#*=}
		have=$(private_apt apt-cache madison "$name" | awk -F'|' '{ gsub(/ /, "", $2); print $2 }' | sort -u | tr '\n' ' ' | sed 's/ $//')
		case " $have " in
		*" $version "*) ;;
		*) fail "$name $version is no longer on the mirror (it has: ${have:-no version at all}). Set the version it has in wordpress/core/packages and run the tests on it; nothing moves to another version by itself." ;;
		esac
	done
	# $missing unquoted on purpose: one name=version word per package
	(cd "$state/debs" && private_apt apt-get -qq download $missing) || fail "apt-get download failed"
	# Packages of earlier pins are not needed any more.
	for f in "$state/debs"/*.deb; do
		keep=
		for pin in $pins; do [ "$(deb_of "$pin")" != "$f" ] || keep=1; done
		[ -n "$keep" ] || rm -f "$f"
	done
fi

root="$state/root"
rm -rf "$root"
mkdir -p "$root"
for pin in $pins; do
	dpkg-deb -x "$(deb_of "$pin")" "$root"
done
src="$root/usr/share/wordpress"
[ -f "$src/wp-includes/version.php" ] || fail "the wordpress package holds no wp-includes/version.php"

# Every link in the package is either one of Debian's relative links to a bundled library, which
# must lead to a file of the packages above, or one of two known absolute links.
find "$src" -type l | while read -r link; do
	to=$(readlink "$link")
	rel=${link#"$src"/}
	case "$to" in
	/*)
		case "$rel" in
		# Debian's Apache rules (/etc/wordpress/htaccess): the local nginx and the image's Apache
		# site carry their own rules and never read a .htaccess.
		.htaccess) rm "$link" ;;
		# Kept as a link: WordPress's HTTPS calls trust the machine's CA store, as Debian intends
		# (the local stack installs ca-certificates; the WordPress image has it).
		wp-includes/certificates/ca-bundle.crt) ;;
		*) fail "the package links $rel to $to, outside WordPress: decide how the copy treats it, then list it here" ;;
		esac
		;;
	*) [ -e "$link" ] || fail "$rel -> $to leads nowhere: the package that provides it is missing from wordpress/core/packages" ;;
	esac
done

mkdir -p "$target"
(cd "$src" && tar -cf - --dereference --exclude=./wp-content --exclude=./wp-config.php \
	--exclude=./wp-includes/certificates/ca-bundle.crt .) | (cd "$target" && tar -xf - --no-same-owner)
cp -P "$src/wp-includes/certificates/ca-bundle.crt" "$target/wp-includes/certificates/ca-bundle.crt"
rm -rf "$root"

printf 'wordpress core: WordPress %s in %s\n' \
	"$(sed -n "s/^\$wp_version = '\(.*\)';/\1/p" "$target/wp-includes/version.php")" "$target"
