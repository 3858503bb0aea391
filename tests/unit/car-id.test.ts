// The one reading of a car id: path, form field, query list and JSON body all agree.
import { describe, expect, it } from 'vitest';
import { carIdsOf, parseCarId, parseCarIdList, readCarId } from '~/forms/car-id';
import { carIdField } from '~/forms/car-id.server';

describe('car id', () => {
  it('reads a positive whole number given as digits or as a number', () => {
    expect(parseCarId('12')).toBe(12);
    expect(parseCarId(' 12 ')).toBe(12);
    expect(parseCarId(12)).toBe(12);
  });

  it('calls nothing, "" and 0 missing, and anything else invalid', () => {
    for (const raw of [undefined, null, '', '  ', '0', 0]) expect(readCarId(raw)).toEqual({ ok: false, problem: 'missing' });
    for (const raw of ['-1', -1, '1.5', 1.5, '12abc', '1e3', '9'.repeat(16), 2 ** 60, {}, true]) {
      expect(readCarId(raw)).toEqual({ ok: false, problem: 'invalid' });
    }
  });

  it('gives the server schema the same reading and sentences', () => {
    const field = carIdField();
    expect(field.parse('7')).toBe(7);
    expect(field.safeParse('').error?.issues[0]?.message).toBe('Car ID is missing.');
    expect(field.safeParse('x').error?.issues[0]?.message).toBe('Car ID is invalid.');
  });

  it('reads a list of ids in order, each once, skipping blank parts and keeping what is not an id', () => {
    expect(parseCarIdList(['3, 17,,3,', '5'])).toEqual({ ids: [3, 17, 5], invalid: [], parts: 4 });
    expect(parseCarIdList(['0,x,1.5,99999999999999999999,4'])).toEqual({
      ids: [4],
      invalid: ['0', 'x', '1.5', '99999999999999999999'],
      parts: 5,
    });
    expect(parseCarIdList([])).toEqual({ ids: [], invalid: [], parts: 0 });
    // A part of spaces is blank too; an invalid part is reported without the spaces around it.
    expect(parseCarIdList(['3, ,17', ' x '])).toEqual({ ids: [3, 17], invalid: ['x'], parts: 3 });
  });

  it('reads a stored list of ids (numbers or digits) in order, each once, dropping the rest', () => {
    expect(carIdsOf([3, '17', 3, ' 5 ', '17', 0, -2, 'x', null, 1.5, {}])).toEqual([3, 17, 5]);
    expect(carIdsOf([])).toEqual([]);
  });
});
