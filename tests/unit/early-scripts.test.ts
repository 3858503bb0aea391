// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { rememberViewScript, SUBMIT_ON_CHANGE_SCRIPT } from '~/lib/page/early-scripts.server';
import { addRecentlyViewed, RECENTLY_VIEWED_KEY } from '~/lib/device/recently-viewed';

/** Runs an inline script's text as the browser would, in this test's document. */
function runInline(text: string): void {
  const script = document.createElement('script');
  script.textContent = text;
  document.body.append(script);
}

describe('recording a car view before hydration', () => {
  const stored = () => JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY) ?? 'null') as unknown;

  it.each([
    { before: null, id: 7 },
    { before: [3, 5, 1], id: 5 },
    { before: [3, 5, 1], id: 9 },
    { before: [1, 2, 3, 4, 5, 6, 7, 8], id: 9 },
    { before: [1, 2, 3, 4, 5, 6, 7, 8], id: 8 },
  ])('stores what addRecentlyViewed would: $before + $id', ({ before, id }) => {
    localStorage.clear();
    if (before) localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(before));
    runInline(rememberViewScript(id));
    expect(stored()).toEqual(addRecentlyViewed(before ?? [], id));
  });

  it('drops what is not a car id and repeats, keeping the order', () => {
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([4, '5', 4, -1, 2.5, null, 6]));
    runInline(rememberViewScript(6));
    expect(stored()).toEqual([6, 4]);
  });

  it('starts a new list over a corrupt value, and never throws where storage is refused', () => {
    localStorage.setItem(RECENTLY_VIEWED_KEY, '{not json');
    runInline(rememberViewScript(3));
    expect(stored()).toEqual([3]);

    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    const onError = vi.fn();
    window.addEventListener('error', onError);
    runInline(rememberViewScript(4));
    window.removeEventListener('error', onError);
    setItem.mockRestore();
    expect(onError).not.toHaveBeenCalled();
    expect(stored()).toEqual([3]);
  });

  it('refuses to write a script for something that is not a car id', () => {
    expect(() => rememberViewScript(0)).toThrow();
    expect(() => rememberViewScript(1.5)).toThrow();
    expect(() => rememberViewScript(Number.NaN)).toThrow();
  });
});

describe('a change before hydration', () => {
  runInline(SUBMIT_ON_CHANGE_SCRIPT);

  function form(html: string): { form: HTMLFormElement; submits: ReturnType<typeof vi.fn> } {
    document.body.innerHTML = html;
    const el = document.querySelector('form')!;
    const submits = vi.fn();
    el.requestSubmit = submits;
    return { form: el, submits };
  }
  const change = (el: Element) => el.dispatchEvent(new Event('change', { bubbles: true }));

  it('submits a marked form that React has not taken over, for a select, radio or checkbox', () => {
    const { submits } = form(`<form data-submit-on-change>
      <select name="sort"><option>a</option><option>b</option></select>
      <input type="radio" name="bodyType" value="SUV"><input type="checkbox" name="includeSold">
    </form>`);
    for (const sel of ['select', '[type=radio]', '[type=checkbox]']) change(document.querySelector(sel)!);
    expect(submits).toHaveBeenCalledTimes(3);
  });

  it('leaves a form alone once React handles it, and unmarked forms always', () => {
    const live = form('<form data-submit-on-change data-live><select name="sort"></select></form>');
    change(document.querySelector('select')!);
    expect(live.submits).not.toHaveBeenCalled();

    const plain = form('<form><select name="sort"></select></form>');
    change(document.querySelector('select')!);
    expect(plain.submits).not.toHaveBeenCalled();
  });

  it('does not submit on a change of a typed field (the keyword waits for its own submit)', () => {
    const { submits } = form('<form data-submit-on-change><input type="search" name="search"><input type="range" name="minPrice"></form>');
    change(document.querySelector('[type=search]')!);
    change(document.querySelector('[type=range]')!);
    expect(submits).not.toHaveBeenCalled();
  });
});
