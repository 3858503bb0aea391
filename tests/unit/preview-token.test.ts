import { describe, expect, it } from 'vitest';
import { createPreviewToken, verifyPreviewToken } from '~/routes/preview.$kind.$id/preview-token.server';

const SECRET = 'shared-secret-of-site-and-wordpress';
const NOW = 1_800_000_000;

describe('preview tokens', () => {
  it('match the token WordPress makes for the same post, secret and expiry', () => {
    // Made by CarExport\Preview\PreviewToken::create('car', 42, SECRET, NOW) in PHP.
    const fromWordPress = 'car.42.1800000900.rs-JNZ9rWp9mWymGdBviAqMT9HQk-aU0RG6Swefqlnc';
    expect(createPreviewToken('car', 42, SECRET, NOW + 900)).toBe(fromWordPress);
    expect(verifyPreviewToken(fromWordPress, SECRET, NOW)).toEqual({ kind: 'car', id: 42, expires: NOW + 900 });
  });

  it('refuse expired, altered, foreign and malformed tokens, and any token without a secret', () => {
    const token = createPreviewToken('post', 7, SECRET, NOW + 900);
    expect(verifyPreviewToken(token, SECRET, NOW + 901)).toBeNull();
    expect(verifyPreviewToken(token.replace('post.7.', 'post.8.'), SECRET, NOW)).toBeNull();
    expect(verifyPreviewToken(token, 'another-secret', NOW)).toBeNull();
    expect(verifyPreviewToken(token, null, NOW)).toBeNull();
    expect(verifyPreviewToken(`${token}x`, SECRET, NOW)).toBeNull();
    expect(verifyPreviewToken('', SECRET, NOW)).toBeNull();
  });
});
