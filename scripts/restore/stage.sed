# Renames every table of a mariadb-dump file to restoring__<name>, so the dump loads beside the live
# tables instead of dropping them one by one under running requests. Only the statements
# mariadb-dump writes for a table are touched; rows (one INSERT a line, newlines escaped) are not.
s/^(DROP TABLE IF EXISTS|CREATE TABLE|LOCK TABLES|INSERT INTO|\/\*!40000 ALTER TABLE) `/\1 `restoring__/
