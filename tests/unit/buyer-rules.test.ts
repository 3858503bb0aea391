// The pure rules behind the buyer-facing fixes: one price snapping rule, the page past the end, the
// favourite a signed-out tap asks for, the contact form's own checks, and when a car's loading state
// replaces the page.
import { describe, expect, it } from 'vitest';
import { authHref } from '~/lib/auth/auth-dialog';
import { CONTACT_MESSAGES, contactIssue, EMPTY_CONTACT } from '~/forms/contact';
import { z } from 'zod';
import { contactBody, parseContact } from '~/forms/contact.server';
import { firstProblem } from '~/forms/fields.server';
import { pageBeyondEnd } from '~/lib/explore/pagination';
import { snapPriceRange } from '~/lib/explore/price';
import { parseExploreState, serializeExploreState } from '~/lib/explore/state';
import { parseFavoriteIntent } from '~/lib/favorites/intent.server';
import { parseCarId } from '~/forms/car-id';
import { opensOtherCar } from '~/lib/page/navigation-progress';

describe('snapPriceRange', () => {
  it('snaps both bounds to the nearest 1000', () => {
    expect(snapPriceRange(20_500, 79_400)).toEqual({ minPrice: 21_000, maxPrice: 79_000 });
    expect(snapPriceRange(20_499, undefined)).toEqual({ minPrice: 20_000, maxPrice: undefined });
    expect(snapPriceRange(undefined, 999)).toEqual({ minPrice: undefined, maxPrice: 1_000 });
  });

  it('keeps a range the snapping closed up one step wide', () => {
    expect(snapPriceRange(20_100, 20_400)).toEqual({ minPrice: 20_000, maxPrice: 21_000 });
  });

  it('is the rule the explore state reads from the address, so chip, slider and search agree', () => {
    const state = parseExploreState(new URLSearchParams('minPrice=20500&maxPrice=60200'));
    expect(state.minPrice).toBe(21_000);
    expect(state.maxPrice).toBe(60_000);
    expect(serializeExploreState(state)).toBe('minPrice=21000&maxPrice=60000');
  });
});

describe('pageBeyondEnd', () => {
  it('sends a page past the end to the last page', () => {
    expect(pageBeyondEnd(7, 6)).toBe(6);
    expect(pageBeyondEnd(999, 3)).toBe(3);
  });

  it('sends any page but the first to page 1 when nothing matches', () => {
    expect(pageBeyondEnd(3, 0)).toBe(1);
    expect(pageBeyondEnd(1, 0)).toBeNull();
  });

  it('leaves pages that exist alone', () => {
    expect(pageBeyondEnd(6, 6)).toBeNull();
    expect(pageBeyondEnd(1, 6)).toBeNull();
  });
});

describe('parseFavoriteIntent', () => {
  it('reads a car id by the one car-id rule (WordPress ids are 64-bit: no 32-bit cap)', () => {
    expect(parseFavoriteIntent('42')).toBe(42);
    expect(parseFavoriteIntent(' 7 ')).toBe(7);
    expect(parseFavoriteIntent(2 ** 31 - 1)).toBe(2 ** 31 - 1);
    expect(parseFavoriteIntent(String(2 ** 31))).toBe(2 ** 31);
    expect(parseFavoriteIntent('042')).toBe(parseCarId('042'));
  });

  it('treats anything else as no intent', () => {
    for (const bad of [null, undefined, '', '0', '-3', '1.5', '1e3', 'abc', '1234567890123456', ['1']]) {
      expect(parseFavoriteIntent(bad), String(bad)).toBeNull();
    }
  });

  it("travels in the sign-in pages' addresses with the way back", () => {
    expect(authHref('login', '/explore-cars?brand=BYD', 42)).toBe('/login?redirectTo=%2Fexplore-cars%3Fbrand%3DBYD&favoriteCarId=42');
    expect(authHref('register', '/', 42)).toBe('/register?favoriteCarId=42');
    expect(authHref('login', '/favorites')).toBe('/login?redirectTo=%2Ffavorites');
    expect(authHref('login')).toBe('/login');
  });
});

describe('contactIssue', () => {
  const valid = { ...EMPTY_CONTACT, firstName: 'Amara', lastName: 'Okafor', email: 'amara@example.com' };

  it('names every missing required field, in form order, with the spec sentence', () => {
    expect(contactIssue(EMPTY_CONTACT)).toEqual({ error: CONTACT_MESSAGES.missing, fields: ['firstName', 'lastName', 'email'] });
    expect(contactIssue({ ...valid, lastName: '  ' })).toEqual({ error: CONTACT_MESSAGES.missing, fields: ['lastName'] });
  });

  it('checks the e-mail shape itself (the browser check is off)', () => {
    expect(contactIssue({ ...valid, email: 'amara@example' })).toEqual({ error: CONTACT_MESSAGES.invalidEmail, fields: ['email'] });
    expect(contactIssue({ ...valid, email: 'amara example.com' })).toEqual({ error: CONTACT_MESSAGES.invalidEmail, fields: ['email'] });
    expect(contactIssue(valid)).toBeNull();
  });

  it('checks a phone number only when one is given', () => {
    expect(contactIssue({ ...valid, phoneNumber: 'call me' })).toEqual({ error: CONTACT_MESSAGES.invalidPhone, fields: ['phoneNumber'] });
    expect(contactIssue({ ...valid, phoneNumber: '   ' })).toBeNull();
    expect(contactIssue({ ...valid, phoneNumber: '+234 803 123 4567' })).toBeNull();
  });

  it("is the server's rule too, which also names the field", () => {
    expect(parseContact({ ...valid, firstName: '' })).toEqual({ ok: false, error: CONTACT_MESSAGES.missing, fields: ['firstName'] });
    expect(parseContact({ ...valid, message: 'x'.repeat(5001) })).toMatchObject({ ok: false, fields: ['message'] });
    // Like the browser, the page marks every missing field, not only the first.
    expect(parseContact({ ...valid, firstName: ' ', email: '' })).toEqual({
      ok: false,
      error: CONTACT_MESSAGES.missing,
      fields: ['firstName', 'email'],
    });
  });

  it("refuses a malformed phone number sent to the API, with the form's sentence", () => {
    const refused = contactBody.safeParse({ ...valid, phoneNumber: 'call me' });
    expect(refused.error?.issues.map((i) => [i.path, i.message])).toEqual([[['phoneNumber'], CONTACT_MESSAGES.invalidPhone]]);
    expect(contactBody.safeParse({ ...valid, phoneNumber: '' }).success).toBe(true);
  });

  it('says the fallback sentence for a refusal that names no problem', () => {
    expect(firstProblem(new z.ZodError([]), CONTACT_MESSAGES.missing)).toBe(CONTACT_MESSAGES.missing);
  });
});

describe('opensOtherCar', () => {
  it('is true only for a car page other than the one shown', () => {
    expect(opensOtherCar('/explore-cars', '/car/12')).toBe(true);
    expect(opensOtherCar('/car/11', '/car/12')).toBe(true);
    expect(opensOtherCar('/car/12', '/car/12')).toBe(false);
    expect(opensOtherCar('/car/12', '/explore-cars')).toBe(false);
    expect(opensOtherCar('/', null)).toBe(false);
  });
});
