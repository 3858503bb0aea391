#!/bin/sh
# Health of the `db` service: the server on its usual socket takes the login WordPress uses
# (MARIADB_USER and MARIADB_PASSWORD, as compose passes them) and answers a query; InnoDB is up once
# it does. That login works whoever made the data folder (this image or, before, the official one,
# whose root has no socket login); without the variables, root's socket login as this image sets it.
if [ -n "${MARIADB_USER:-}" ]; then
	set -- --user="$MARIADB_USER"
	# In the environment, not on a command line other processes can read.
	MYSQL_PWD="${MARIADB_PASSWORD:-}"
	export MYSQL_PWD
else
	set -- --user=root
fi
mariadb --socket=/run/mysqld/mysqld.sock "$@" --batch --skip-column-names \
	--execute="SELECT 1 FROM information_schema.ENGINES WHERE ENGINE = 'InnoDB' AND SUPPORT IN ('YES', 'DEFAULT')" |
	grep -qx 1
