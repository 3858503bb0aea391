// What the two sanitisers hand the page, exactly: a seller note's links open in a new tab without
// handing the page over, its pictures load lazily and are decorative without alt text, an empty
// note is nothing; an article's pictures always load lazily, and only its
// off-site links get rel; a srcset with one hostile candidate, or a data: URL that is not an image,
// loses the attribute; a second call with the same HTML answers the same.
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml, sanitizeSellerNote } from '~/lib/html/sanitize.server';

describe('seller note', () => {
  it('opens links in a new tab, safely, and leaves an anchor without href alone', () => {
    expect(sanitizeSellerNote('<p><a href="https://example.com/car">specs</a> <a title="t">plain</a></p>')).toBe(
      '<p><a href="https://example.com/car" target="_blank" rel="noopener noreferrer nofollow">specs</a> <a title="t">plain</a></p>',
    );
  });

  it('loads pictures lazily and names them decorative when the seller gave no alt text', () => {
    expect(sanitizeSellerNote('<img src="/a.jpg">')).toBe('<img src="/a.jpg" loading="lazy" alt="">');
    expect(sanitizeSellerNote('<img src="/a.jpg" alt="Engine bay">')).toBe('<img src="/a.jpg" alt="Engine bay" loading="lazy">');
  });

  it('is nothing when only empty markup or spaces remain, but keeps a lone picture or one letter', () => {
    expect(sanitizeSellerNote('   ')).toBe('');
    expect(sanitizeSellerNote('<p>&nbsp;</p><p> </p><script>alert(1)</script>')).toBe('');
    expect(sanitizeSellerNote('<p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeSellerNote(' <p>a</p> ')).toBe('<p>a</p>');
  });

  it('answers the same the second time, from memory', () => {
    const html = '<p><a href="https://example.com">x</a></p>';
    const first = sanitizeSellerNote(html);
    expect(sanitizeSellerNote(html)).toBe(first);
    expect(first).toContain('target="_blank"');
  });
});

describe('news article', () => {
  it('loads every picture lazily and decodes it off the main thread, whatever the author wrote', () => {
    expect(sanitizeArticleHtml('<img src="/a.jpg">')).toBe('<img src="/a.jpg" loading="lazy" decoding="async" alt="">');
    expect(sanitizeArticleHtml('<img src="/a.jpg" loading="eager" decoding="sync" alt="Port">')).toBe(
      '<img src="/a.jpg" alt="Port" loading="lazy" decoding="async">',
    );
  });

  it('gives off-site links rel and leaves site links, mail links and other tags alone', () => {
    expect(sanitizeArticleHtml('<p><a href="HTTPS://example.com">a</a> <a href="/cars">b</a> <a href="mailto:a@b.co">c</a></p>')).toBe(
      '<p><a href="HTTPS://example.com" rel="noopener noreferrer">a</a> <a href="/cars">b</a> <a href="mailto:a@b.co">c</a></p>',
    );
    expect(sanitizeArticleHtml('<p title="https://example.com">x</p>')).toBe('<p title="https://example.com">x</p>');
  });

  it('drops a srcset with any unsafe candidate and keeps a safe one, commas and all', () => {
    expect(sanitizeArticleHtml('<img alt="" src="/a.jpg" srcset="/a.jpg 1x, javascript:alert(1) 2x">')).not.toContain('srcset');
    expect(sanitizeArticleHtml('<img alt="" src="/a.jpg" srcset="/a.jpg, javascript:alert(1),">')).not.toContain('srcset');
    expect(sanitizeArticleHtml('<img alt="" src="/a.jpg" srcset="/a.jpg,, /b.jpg 2x">')).toContain('srcset="/a.jpg,, /b.jpg 2x"');
    expect(sanitizeArticleHtml('<img alt="" src="/a.jpg" srcset="/a.jpg 480w, /b.jpg 800w">')).toContain(
      'srcset="/a.jpg 480w, /b.jpg 800w"',
    );
  });

  it('keeps a data: picture but not data: that is not an image', () => {
    expect(sanitizeArticleHtml('<img alt="" src="data:image/png;base64,AAAA">')).toContain('src="data:image/png;base64,AAAA"');
    expect(sanitizeArticleHtml('<img alt="" src="DATA:text/html;base64,PHNjcmlwdD4=">')).not.toContain('src=');
    expect(sanitizeArticleHtml('<img alt="" src="/x.jpg?data:text/html">')).toContain('src="/x.jpg?data:text/html"');
  });

  it('is nothing for an empty post', () => {
    expect(sanitizeArticleHtml(' \n ')).toBe('');
  });
});
