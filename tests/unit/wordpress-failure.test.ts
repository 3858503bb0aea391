// What a visitor or API client is told when WordPress fails: the site's one rule.
import { describe, expect, it } from 'vitest';
import { WordPressError } from '~/lib/wordpress/client.server';
import { failedPageInit, failureFor, failureHeaders, OUTAGE_RETRY_AFTER_SECONDS, wordpressMessage } from '~/lib/wordpress/failure.server';

describe('WordPress failure mapping', () => {
  it("keeps a refusal's status and WordPress's own sentence, with Retry-After", () => {
    const f = failureFor(new WordPressError('Too many attempts.', 429, 'x', 60), 'Login failed');
    expect(f).toEqual({ status: 429, message: 'Too many attempts.', retryAfter: 60 });
    expect(failureHeaders(f)).toEqual({ 'Retry-After': '60' });
  });

  it('uses the fallback for a refusal without a message of its own', () => {
    expect(failureFor(new WordPressError('HTTP error! status: 403', 403), 'Login failed')).toMatchObject({
      status: 403,
      message: 'Login failed',
    });
  });

  it('answers 503 with Retry-After when WordPress is down, keeping a Retry-After WordPress sent', () => {
    for (const error of [
      new WordPressError('Network error: WordPress could not be reached.', 0),
      new WordPressError('Fatal error in wp-includes', 500),
    ]) {
      const f = failureFor(error, 'Failed');
      expect(f).toEqual({ status: 503, message: 'Failed', retryAfter: OUTAGE_RETRY_AFTER_SECONDS });
      expect(failureHeaders(f)).toEqual({ 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) });
    }
    expect(failureFor(new WordPressError('Maintenance', 503, undefined, 120), 'Failed').retryAfter).toBe(120);
  });

  it('answers 502 with the fallback, no Retry-After, when something other than WordPress broke', () => {
    expect(failureFor(new Error('socket hang up'), 'Failed')).toEqual({ status: 502, message: 'Failed', retryAfter: undefined });
    expect(failureHeaders({})).toEqual({});
  });

  it('a page: 503 + Retry-After on an outage, 502 for a refusal, never cached', () => {
    const down = failedPageInit(new WordPressError('Network error: WordPress could not be reached.', 0));
    expect(down).toEqual({ status: 503, headers: { 'Cache-Control': 'private, no-store', 'Retry-After': '30' } });
    const refused = failedPageInit(new WordPressError('Forbidden', 403), { 'X-Robots-Tag': 'noindex' });
    expect(refused).toEqual({ status: 502, headers: { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' } });
  });

  it("names WordPress's message only when WordPress itself answered with one", () => {
    expect(wordpressMessage(new WordPressError('Database unavailable', 503))).toBe('Database unavailable');
    expect(wordpressMessage(new WordPressError('HTTP error! status: 500', 500))).toBeNull();
    expect(wordpressMessage(new WordPressError('Network error: WordPress could not be reached.', 0))).toBeNull();
    expect(wordpressMessage(new Error('boom'))).toBeNull();
  });
});
