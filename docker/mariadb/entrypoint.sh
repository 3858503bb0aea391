#!/bin/bash
# Entry point of the `db` image: on the first start (an empty data folder) creates MARIADB_DATABASE
# and MARIADB_USER with MARIADB_PASSWORD, allowed on that database only, and, with
# MARIADB_RANDOM_ROOT_PASSWORD, gives root a random password (printed once; root also keeps its
# socket login inside the container). Then runs mariadbd with the arguments given (compose's
# `command`), listening on the compose network.
#
# A data folder of an older MariaDB (the earlier official image's 10.11) gets its system tables
# upgraded first (mariadb-upgrade), as MariaDB requires after a major upgrade.
#
# Set-up and upgrade run a server without network on a socket of its own, so neither the health
# check nor WordPress sees the database before it is complete. A folder whose set-up was cut off is
# refused, not used half made: remove the volume and start again.
set -euo pipefail

datadir=/var/lib/mysql
socket=/run/mysqld/mysqld.sock
setting_up="$datadir/.car-export-setting-up"
init_socket=/run/mysqld/init.sock

say() { printf 'car-export-mariadb: %s\n' "$*" >&2; }
fail() {
	say "$*"
	exit 1
}
# The argument list may start with the server itself (`command: mariadbd ...`) or with options only.
[ "${1:-}" != mariadbd ] || shift

mkdir -p /run/mysqld
# A new named volume belongs to root.
chown mysql:mysql "$datadir" /run/mysqld

# A server of this data folder on the set-up socket, with the given options; its pid in $private_pid.
start_private() {
	mariadbd --user=mysql --datadir="$datadir" --skip-networking --socket="$init_socket" "$@" &
	private_pid=$!
	for _ in $(seq 60); do
		mariadb-admin --socket="$init_socket" --user=root ping >/dev/null 2>&1 && return 0
		kill -0 "$private_pid" 2>/dev/null || fail "the set-up server stopped (its log is above)"
		sleep 1
	done
	fail "the set-up server did not answer within 60 s"
}
# SIGTERM is mariadbd's normal shutdown, whatever the privilege tables say.
stop_private() {
	kill -TERM "$private_pid"
	wait "$private_pid" || fail "the set-up server did not shut down cleanly (its log is above)"
}

[ ! -e "$setting_up" ] || fail "the first start's set-up of $datadir was cut off. Remove the volume (docker compose down; docker volume rm <project>_db-data) and start again."
if [ -z "$(ls -A "$datadir")" ]; then
	: "${MARIADB_DATABASE:?is required on the first start (the database to create)}"
	: "${MARIADB_USER:?is required on the first start (the user of that database)}"
	: "${MARIADB_PASSWORD:?is required on the first start (the password of that user)}"
	for name in MARIADB_DATABASE MARIADB_USER; do
		[[ ${!name} =~ ^[A-Za-z0-9_]{1,64}$ ]] || fail "$name must be letters, digits and _ (got '${!name}')"
	done
	sql_string() { printf "'%s'" "$(printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e "s/'/\\\\'/g")"; }

	say "first start: creating database $MARIADB_DATABASE and user $MARIADB_USER"
	touch "$setting_up"
	mariadb-install-db --user=mysql --datadir="$datadir" --auth-root-authentication-method=socket \
		--skip-test-db --skip-name-resolve >/dev/null
	start_private "$@"
	root_sql=
	if [ -n "${MARIADB_RANDOM_ROOT_PASSWORD:-}" ]; then
		root_password=$(head -c 24 /dev/urandom | base64 | tr -d '/+=')
		root_sql="ALTER USER 'root'@'localhost' IDENTIFIED VIA unix_socket OR mysql_native_password USING PASSWORD($(sql_string "$root_password"));"
		say "GENERATED ROOT PASSWORD: $root_password"
	fi
	# On standard input: the password never appears on a command line other processes can read.
	mariadb --socket="$init_socket" --user=root <<-SQL
		DELETE FROM mysql.global_priv WHERE User = '';
		CREATE DATABASE \`$MARIADB_DATABASE\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
		CREATE USER '$MARIADB_USER'@'%' IDENTIFIED BY $(sql_string "$MARIADB_PASSWORD");
		GRANT ALL PRIVILEGES ON \`$MARIADB_DATABASE\`.* TO '$MARIADB_USER'@'%';
		$root_sql
		FLUSH PRIVILEGES;
	SQL
	stop_private
	rm "$setting_up"
	say "first start: done"
fi

# The release that last upgraded the system tables against this server's: mariadb-upgrade writes it
# into mariadb_upgrade_info (mysql_upgrade_info before MariaDB 11).
server_release=$(mariadbd --version | sed -n 's/.* Ver \([0-9][0-9.]*\).*/\1/p')
data_release=$(cat "$datadir/mariadb_upgrade_info" "$datadir/mysql_upgrade_info" 2>/dev/null | sed -n '1s/^\([0-9][0-9.]*\).*/\1/p' || true)
if [ "$data_release" != "$server_release" ]; then
	say "system tables of MariaDB ${data_release:-(not recorded)}: upgrading them to $server_release"
	# Without the privilege tables: a data folder of another image may give root no socket login.
	start_private --skip-grant-tables "$@"
	mariadb-upgrade --socket="$init_socket" --upgrade-system-tables
	stop_private
fi

# Debian's own configuration binds to 127.0.0.1: the compose network must reach the server.
exec mariadbd --user=mysql --datadir="$datadir" --socket="$socket" --bind-address=0.0.0.0 --port=3306 "$@"
