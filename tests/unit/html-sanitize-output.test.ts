// What the two sanitisers hand the page, exactly: a seller note's links open in a new tab without
// handing the page over, its pictures load lazily and are decorative without alt text, an empty
// note is nothing; an article's pictures always load lazily, and only its
// off-site links get rel; only links, never other elements that carry an href, get a target or
// rel; a srcset with one hostile candidate, or a data: URL that is not an image, loses the
// attribute; a text is sanitised once and answered from memory after, until bigger texts push it out.
import DOMPurify from 'isomorphic-dompurify';
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

  it('gives an element other than a link that carries an href no target and no rel', () => {
    expect(sanitizeSellerNote('<p href="/cars">a</p><span href="https://example.com">b</span>')).toBe(
      '<p href="/cars">a</p><span href="https://example.com">b</span>',
    );
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

  it('gives rel to plain http links too, but not to a site link that only mentions one, nor to other elements', () => {
    expect(sanitizeArticleHtml('<a href="http://example.com">a</a> <a href="/out?to=https://example.com">b</a>')).toBe(
      '<a href="http://example.com" rel="noopener noreferrer">a</a> <a href="/out?to=https://example.com">b</a>',
    );
    expect(sanitizeArticleHtml('<p href="https://example.com">x</p>')).toBe('<p href="https://example.com">x</p>');
    expect(sanitizeArticleHtml('<a title="t">x</a>')).toBe('<a title="t">x</a>');
  });

  it('drops a srcset with any unsafe candidate and keeps a safe one, commas and all', () => {
    expect(sanitizeArticleHtml('<img alt="" src="/a.jpg" srcset="/a.jpg 1x, javascript:alert(1) 2x">')).not.toContain('srcset');
    expect(sanitizeArticleHtml('<img alt="" src="/a.jpg" srcset="/a.jpg, javascript:alert(1),">')).not.toContain('srcset');
    expect(sanitizeArticleHtml('<img alt="" src="/a.jpg" srcset="/a.jpg,, /b.jpg 2x">')).toContain('srcset="/a.jpg,, /b.jpg 2x"');
    // The next candidate is read (and checked) past every space and comma, as in a srcset written over lines.
    expect(sanitizeArticleHtml('<img alt="" src="/a.jpg" srcset="/a.jpg,,  javascript:alert(1) 2x">')).toBe(
      '<img alt="" src="/a.jpg" loading="lazy" decoding="async">',
    );
    expect(sanitizeArticleHtml('<img alt="" src="/a.jpg" srcset="/a.jpg 1x,\n    javascript:alert(1) 2x">')).toBe(
      '<img alt="" src="/a.jpg" loading="lazy" decoding="async">',
    );
    // Only the commas that end a candidate are cut: "/,/a.jpg" is a path on this site, not "//a.jpg" on another.
    expect(sanitizeArticleHtml('<img alt="" src="/a.jpg" srcset="/,/a.jpg, /b.jpg 2x">')).toBe(
      '<img alt="" src="/a.jpg" srcset="/,/a.jpg, /b.jpg 2x" loading="lazy" decoding="async">',
    );
    expect(sanitizeArticleHtml('<img alt="" src="/a.jpg" srcset="/a.jpg 480w, /b.jpg 800w">')).toContain(
      'srcset="/a.jpg 480w, /b.jpg 800w"',
    );
  });

  it('keeps a data: picture but not data: that is not an image', () => {
    expect(sanitizeArticleHtml('<img alt="" src="data:image/png;base64,AAAA">')).toContain('src="data:image/png;base64,AAAA"');
    expect(sanitizeArticleHtml('<img alt="" src="DATA:text/html;base64,PHNjcmlwdD4=">')).not.toContain('src=');
    // The image type must be the data's own, at its start, not named somewhere later in the URL.
    expect(sanitizeArticleHtml('<img alt="" src="data:text/html;base64,PHNjcmlwdD4=#data:image/png">')).toBe(
      '<img alt="" loading="lazy" decoding="async">',
    );
    expect(sanitizeArticleHtml('<img alt="" src="/x.jpg?data:text/html">')).toContain('src="/x.jpg?data:text/html"');
  });

  it('is nothing for an empty post', () => {
    expect(sanitizeArticleHtml(' \n ')).toBe('');
  });
});

describe('memory of sanitised texts', () => {
  /** How many elements the sanitiser visits while `run` runs: none when the answer comes from memory. */
  function visits(run: () => void): number {
    let count = 0;
    const visit = () => {
      count += 1;
    };
    DOMPurify.addHook('beforeSanitizeElements', visit);
    try {
      run();
    } finally {
      DOMPurify.removeHook('beforeSanitizeElements', visit);
    }
    return count;
  }

  it('sanitises a text once per kind of content, then answers from memory', () => {
    const html = '<p>Remembered <a href="https://example.com/memory">once</a></p>';
    expect(visits(() => sanitizeSellerNote(html))).toBeGreaterThan(0);
    expect(visits(() => expect(sanitizeSellerNote(html)).toContain('target="_blank"'))).toBe(0);
    // The article keeps its own answers: the same text is sanitised again, by the article's rules.
    expect(visits(() => expect(sanitizeArticleHtml(html)).not.toContain('target='))).toBeGreaterThan(0);
    expect(visits(() => sanitizeArticleHtml(html))).toBe(0);
  });

  it('keeps about 4,000,000 characters of texts and answers: two of 2,400,000 do not both stay', () => {
    const first = `<p>${'a'.repeat(1_200_000)}</p>`;
    const second = `<p>${'b'.repeat(1_200_000)}</p>`;
    expect(visits(() => sanitizeSellerNote(first))).toBeGreaterThan(0);
    expect(visits(() => sanitizeSellerNote(first))).toBe(0);
    expect(visits(() => sanitizeSellerNote(second))).toBeGreaterThan(0);
    // The first (text and answer, 2,400,014 characters) was pushed out by the second.
    expect(visits(() => expect(sanitizeSellerNote(first)).toBe(first))).toBeGreaterThan(0);
  });
});
