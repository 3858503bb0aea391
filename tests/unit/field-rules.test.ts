// The site's side of the field rules both tiers apply: every value of the shared table gets the
// answer the table gives (the plugin's PHPUnit test and the live WordPress test read the same table).
import { describe, expect, it } from 'vitest';
import cases from '../fixtures/field-rules-cases.json';
import { FIELD_ACCEPTS } from '~/forms/field-rules';

describe('field rules shared with WordPress', () => {
  for (const [field, check] of Object.entries(FIELD_ACCEPTS)) {
    it(`${field}: the table's answer for every value`, () => {
      const table = (cases as unknown as Record<string, [string, boolean][]>)[field] ?? [];
      expect(table.length).toBeGreaterThan(3);
      for (const [value, ok] of table) expect(check(value), JSON.stringify(value)).toBe(ok);
    });
  }
});
