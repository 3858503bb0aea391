// What a visitor or API client is told when WordPress fails: the site's one rule.
import { describe, expect, it } from 'vitest';
import { WordPressError } from '~/lib/wordpress/client.server';
import { failureFor, failureHeaders, wordpressMessage } from '~/lib/wordpress/failure.server';

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

  it('answers 502 with the fallback when WordPress is down, errs, or something else broke', () => {
    for (const error of [
      new WordPressError('Network error: WordPress could not be reached.', 0),
      new WordPressError('Fatal error in wp-includes', 500),
      new Error('socket hang up'),
    ]) {
      expect(failureFor(error, 'Failed')).toEqual({ status: 502, message: 'Failed', retryAfter: undefined });
    }
    expect(failureHeaders({})).toEqual({});
  });

  it("names WordPress's message only when WordPress itself answered with one", () => {
    expect(wordpressMessage(new WordPressError('Database unavailable', 503))).toBe('Database unavailable');
    expect(wordpressMessage(new WordPressError('HTTP error! status: 500', 500))).toBeNull();
    expect(wordpressMessage(new WordPressError('Network error: WordPress could not be reached.', 0))).toBeNull();
    expect(wordpressMessage(new Error('boom'))).toBeNull();
  });
});
