import { describe, expect, it } from 'vitest';
import { excerptRepeatsBody } from '~/lib/content/article-lead';

describe('excerptRepeatsBody', () => {
  const body = '<p>BYD&#8217;s new Seal arrives in Lagos &amp; Accra this month.</p><p>Prices start at $27,500.</p>';

  it('finds the automatic excerpt (the body’s start, cut with an ellipsis) in the body', () => {
    expect(excerptRepeatsBody('BYD’s new Seal arrives in Lagos & Accra this month. Prices start…', body)).toBe(true);
    expect(excerptRepeatsBody('BYD’s new Seal arrives in Lagos & Accra this month.', body)).toBe(true);
  });

  it('keeps a hand-written excerpt that says something else', () => {
    expect(excerptRepeatsBody('The Seal is finally here: what buyers in West Africa should know.', body)).toBe(false);
    expect(excerptRepeatsBody('Prices start at $27,500.', body)).toBe(false);
  });

  it('never treats an empty excerpt as a repeat', () => {
    expect(excerptRepeatsBody('', body)).toBe(false);
    expect(excerptRepeatsBody(' … ', body)).toBe(false);
  });
});
