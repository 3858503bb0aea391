// Explore pagination: at most 7 numbered buttons, the window shifting near the start and the end.
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_BUTTONS, pageWindow, paginationModel } from '~/lib/explore/pagination';

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe('pageWindow', () => {
  it('shows at most seven buttons', () => {
    expect(MAX_PAGE_BUTTONS).toBe(7);
    for (let page = 1; page <= 40; page++) expect(pageWindow(page, 40)).toHaveLength(7);
  });

  it('is pinned to the first pages near the start', () => {
    expect(pageWindow(1, 20)).toEqual(range(1, 7));
    expect(pageWindow(3, 20)).toEqual(range(1, 7));
    expect(pageWindow(4, 20)).toEqual(range(1, 7));
  });

  it('keeps the current page in the middle', () => {
    expect(pageWindow(5, 20)).toEqual(range(2, 8));
    expect(pageWindow(10, 20)).toEqual(range(7, 13));
  });

  it('is pinned to the last pages near the end', () => {
    expect(pageWindow(17, 20)).toEqual(range(14, 20));
    expect(pageWindow(18, 20)).toEqual(range(14, 20));
    expect(pageWindow(20, 20)).toEqual(range(14, 20));
  });

  it('shows every page when there are fewer than seven', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 6)).toEqual(range(1, 6));
    expect(pageWindow(4, 7)).toEqual(range(1, 7));
  });

  it('copes with no pages and out-of-range pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(99, 10)).toEqual(range(4, 10));
    expect(pageWindow(-3, 10)).toEqual(range(1, 7));
  });
});

describe('paginationModel', () => {
  it('disables Last Page on the first page and Next Page on the last', () => {
    expect(paginationModel(1, 6)).toMatchObject({ current: 1, previous: null, next: 2 });
    expect(paginationModel(6, 6)).toMatchObject({ current: 6, previous: 5, next: null });
    expect(paginationModel(3, 6)).toMatchObject({ previous: 2, next: 4 });
  });

  it('has neither for a single page', () => {
    expect(paginationModel(1, 1)).toEqual({ pages: [1], current: 1, previous: null, next: null });
  });
});
