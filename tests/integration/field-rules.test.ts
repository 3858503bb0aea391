// The two tiers answer alike: every value of the shared table (tests/fixtures/field-rules-cases.json)
// that the site's forms accept, the live WordPress accepts, and what they refuse it refuses. Each
// request carries one other field that is wrong on purpose, so WordPress checks every field, names
// the ones it refuses, and stores nothing (no lead, no account).
import { describe, expect, it } from 'vitest';
import cases from '../fixtures/field-rules-cases.json';
import { FIELD_ACCEPTS } from '~/forms/field-rules';
import { randomIp, rest } from './support/wordpress';

type Probe = { route: string; param: string; body: (value: string) => Record<string, unknown> };

const PROBES: Record<keyof typeof FIELD_ACCEPTS, Probe> = {
  phone: {
    route: '/car-export/v1/contact',
    param: 'phoneNumber',
    body: (v) => ({ firstName: 'Field', lastName: 'Rules', email: 'field.rules@example.com', phoneNumber: v, idempotencyKey: 'x' }),
  },
  username: {
    route: '/car-export/v1/register',
    param: 'username',
    body: (v) => ({ username: v, email: 'not-an-address', password: 'long enough' }),
  },
  password: {
    route: '/car-export/v1/register',
    param: 'password',
    body: (v) => ({ username: 'field-rules', email: 'not-an-address', password: v }),
  },
  email: {
    route: '/car-export/v1/register',
    param: 'email',
    body: (v) => ({ username: 'field-rules', email: v, password: '1' }),
  },
};

describe('the site and WordPress apply the same field rules', () => {
  for (const [field, probe] of Object.entries(PROBES) as [keyof typeof FIELD_ACCEPTS, Probe][]) {
    it(`${field}: both tiers give the table's answer for every value`, async () => {
      const table = (cases as unknown as Record<string, [string, boolean][]>)[field] ?? [];
      for (const [value, ok] of table) {
        const res = await rest(probe.route, { method: 'POST', body: probe.body(value), headers: { 'X-Forwarded-For': randomIp() } });
        // Always refused: the companion field is wrong on purpose, so nothing is stored.
        expect(res.status, JSON.stringify(value)).toBe(400);
        const refusedByWordPress = Object.keys(res.body?.data?.params ?? {}).includes(probe.param);
        expect({ value, site: FIELD_ACCEPTS[field](value), wordpress: !refusedByWordPress }).toEqual({ value, site: ok, wordpress: ok });
      }
    });
  }
});
