#!/bin/sh
# Health of the `db` service: the server on its usual socket takes root's socket login (the
# container's root user) and answers a query; InnoDB is up once it does.
exec mariadb --socket=/run/mysqld/mysqld.sock --user=root --batch --skip-column-names \
	--execute="SELECT 1 FROM information_schema.ENGINES WHERE ENGINE = 'InnoDB' AND SUPPORT IN ('YES', 'DEFAULT')" |
	grep -qx 1
