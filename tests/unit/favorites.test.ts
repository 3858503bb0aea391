import { describe, expect, it } from 'vitest';
import { carHref, carSubtitle } from '~/components/car/CarCard';
import {
  FAVORITES_NETWORK_ERROR,
  announceToggleResult,
  onToggleResult,
  optimisticFavoriteIds,
  readToggle,
  type FetcherLike,
} from '~/lib/favorites/toggle';
import { parseGuestFavorites, withoutGuestFavorite } from '~/lib/favorites/guest-favorites';
import { isNetworkErrorResult } from '~/lib/page/network-error';
import type { CarCard } from '~/lib/wordpress/types';

function toggleForm(carId: number | string, action: string, intent = 'toggle'): FormData {
  const form = new FormData();
  form.set('intent', intent);
  form.set('carId', String(carId));
  form.set('action', action);
  return form;
}

const submitting = (carId: number, action: 'add' | 'remove'): FetcherLike => ({ state: 'submitting', formData: toggleForm(carId, action) });

describe('readToggle', () => {
  it('reads a heart toggle', () => {
    expect(readToggle(toggleForm(12, 'add'))).toEqual({ carId: 12, action: 'add' });
    expect(readToggle(toggleForm('7', 'remove'))).toEqual({ carId: 7, action: 'remove' });
  });

  it('ignores other submissions and malformed toggles', () => {
    expect(readToggle(undefined)).toBeNull();
    expect(readToggle(toggleForm(12, 'add', 'merge'))).toBeNull();
    expect(readToggle(toggleForm(0, 'add'))).toBeNull();
    expect(readToggle(toggleForm('abc', 'add'))).toBeNull();
    // Not car 1000, nor car 12: the one car-id rule reads digits only.
    expect(readToggle(toggleForm('1e3', 'add'))).toBeNull();
    expect(readToggle(toggleForm('12.0', 'add'))).toBeNull();
    expect(readToggle(toggleForm(3, 'toggle'))).toBeNull();
  });
});

describe('optimisticFavoriteIds', () => {
  it('is the server set when nothing is in flight', () => {
    expect([...optimisticFavoriteIds([1, 2], [])]).toEqual([1, 2]);
    expect([...optimisticFavoriteIds([1, 2], [{ state: 'idle', formData: toggleForm(3, 'add') }])]).toEqual([1, 2]);
  });

  it('applies in-flight adds and removals at once', () => {
    const ids = optimisticFavoriteIds([1, 2], [submitting(3, 'add'), submitting(1, 'remove')]);
    expect([...ids].sort()).toEqual([2, 3]);
  });

  it('keeps applying a toggle while the page data reloads after a successful answer', () => {
    const reloading: FetcherLike = { state: 'loading', formData: toggleForm(3, 'add'), data: { success: true, message: 'ok' } };
    expect(optimisticFavoriteIds([1], [reloading]).has(3)).toBe(true);
  });

  it('drops a toggle as soon as its answer says it failed (the rollback)', () => {
    const refused: FetcherLike = {
      state: 'loading',
      formData: toggleForm(3, 'add'),
      data: { success: false, message: 'The requested car could not be found.' },
    };
    expect(optimisticFavoriteIds([1], [refused]).has(3)).toBe(false);
    const failedRemoval: FetcherLike = { ...refused, formData: toggleForm(1, 'remove') };
    expect(optimisticFavoriteIds([1], [failedRemoval]).has(1)).toBe(true);
  });

  it('ignores fetchers that are not heart toggles', () => {
    const login: FetcherLike = { state: 'submitting', formData: new FormData() };
    expect([...optimisticFavoriteIds([5], [login])]).toEqual([5]);
  });

  it('does not change the server list it was given', () => {
    const server = [1];
    optimisticFavoriteIds(server, [submitting(1, 'remove')]);
    expect(server).toEqual([1]);
  });
});

describe('toggle results', () => {
  it('tells listeners, and a network failure is recognised for shouldRevalidate', () => {
    const seen: unknown[] = [];
    const off = onToggleResult((r) => seen.push(r));
    const failure = { success: false, message: FAVORITES_NETWORK_ERROR, networkError: true };
    announceToggleResult(failure);
    off();
    announceToggleResult({ success: true, message: '' });
    expect(seen).toEqual([failure]);
    expect(isNetworkErrorResult(failure)).toBe(true);
    expect(isNetworkErrorResult({ success: false, message: 'refused' })).toBe(false);
    expect(isNetworkErrorResult(undefined)).toBe(false);
  });
});

describe('car card helpers', () => {
  const car = {
    id: 12,
    all_fields: { year: 2023, make: 'BYD', model: 'Seal', mileage: 12000 },
  } as CarCard;

  it('links to the car, passing the list location on as ?from=', () => {
    expect(carHref(12)).toBe('/car/12');
    expect(carHref(12, '/explore-cars?brand=BYD&page=2')).toBe('/car/12?from=%2Fexplore-cars%3Fbrand%3DBYD%26page%3D2');
  });

  it('writes year, make and model without empty parts', () => {
    expect(carSubtitle(car)).toBe('2023 · BYD Seal');
    expect(carSubtitle({ ...car, all_fields: { year: null, make: 'BYD', model: '', mileage: null } })).toBe('BYD');
    expect(carSubtitle({ ...car, all_fields: { year: 2020, make: '', model: '', mileage: null } })).toBe('2020');
  });
});

describe('favourites an earlier version kept in the browser', () => {
  it('reads the stored list, numeric strings as ids, anything else dropped', () => {
    expect(parseGuestFavorites('[12,"34",12,-1,"x",null,{"id":5}]')).toEqual([12, 34]);
    expect(parseGuestFavorites('{"ids":[1]}')).toEqual([]);
    expect(parseGuestFavorites('not json')).toEqual([]);
    expect(parseGuestFavorites(null)).toEqual([]);
  });

  it('a signed-out tap on a kept heart takes only that car off the list', () => {
    expect(withoutGuestFavorite([12, 34, 56], 34)).toEqual([12, 56]);
    expect(withoutGuestFavorite([12], 12)).toEqual([]);
    expect(withoutGuestFavorite([12, 56], 99)).toEqual([12, 56]);
  });
});
