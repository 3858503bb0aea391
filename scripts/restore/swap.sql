-- After a backup was loaded as restoring__<name> tables: one RENAME TABLE puts each in place of its
-- live table. MariaDB renames them all as one atomic step, so a request sees the whole old database
-- or the whole restored one, never a missing or half-loaded table. A live table the archive does not
-- hold is kept, as a plain load of the dump would keep it.
SET SESSION group_concat_max_len = 1048576;
SELECT COALESCE(CONCAT('RENAME TABLE ', GROUP_CONCAT(
         CONCAT(
           IF(live.table_name IS NULL, '', CONCAT('`', live.table_name, '` TO `replaced__', live.table_name, '`, ')),
           '`', staged.table_name, '` TO `', SUBSTRING(staged.table_name, 12), '`'
         ) SEPARATOR ', ')), 'DO 0') INTO @car_export_swap
  FROM information_schema.tables staged
  LEFT JOIN information_schema.tables live
    ON live.table_schema = staged.table_schema AND live.table_name = SUBSTRING(staged.table_name, 12)
  WHERE staged.table_schema = DATABASE() AND staged.table_name LIKE 'restoring\_\_%';
PREPARE car_export_swap FROM @car_export_swap;
EXECUTE car_export_swap;
DEALLOCATE PREPARE car_export_swap;
-- The replaced tables are no longer read by anything.
SELECT COALESCE(CONCAT('DROP TABLE ', GROUP_CONCAT(CONCAT('`', table_name, '`'))), 'DO 0') INTO @car_export_drop
  FROM information_schema.tables
  WHERE table_schema = DATABASE() AND table_name LIKE 'replaced\_\_%';
PREPARE car_export_drop FROM @car_export_drop;
EXECUTE car_export_drop;
DEALLOCATE PREPARE car_export_drop;
