-- Before a backup is loaded: tables left staged or replaced by a restore that stopped half-way
-- are dropped, so only the archive's own tables are swapped in.
SET SESSION group_concat_max_len = 1048576;
SELECT COALESCE(CONCAT('DROP TABLE ', GROUP_CONCAT(CONCAT('`', table_name, '`'))), 'DO 0') INTO @car_export_clear
  FROM information_schema.tables
  WHERE table_schema = DATABASE() AND (table_name LIKE 'restoring\_\_%' OR table_name LIKE 'replaced\_\_%');
PREPARE car_export_clear FROM @car_export_clear;
EXECUTE car_export_clear;
DEALLOCATE PREPARE car_export_clear;
