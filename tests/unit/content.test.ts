// The content pages' pure parts: the contact form's rules, JSON-LD escaping, date formats, the
// article sanitiser, and the sitemap and robots texts.
import { describe, expect, it } from 'vitest';
import { whatsappUrl } from '~/routes/contact-us/ContactDetails';
import { formatLongDate, formatPostDate, isoDay } from '~/components/content/format';
import { heroImageFrom } from '~/components/content/PageHero';
import { sanitizeArticleHtml } from '~/lib/html/sanitize.server';
import { CONTACT_MESSAGES, contactProblem, contactValues, EMPTY_CONTACT } from '~/forms/contact';
import { parseContact } from '~/forms/contact.server';
import { newsArticleJsonLd, organizationJsonLd, serializeJsonLd } from '~/lib/seo/jsonld';
import { compactPhone } from '~/lib/leads/phone';
import { parseEnv } from '~/lib/server/env.server';
import { robotsTxt } from '~/routes/[robots.txt]/route';
import { sitemapIndexXml, sitemapXml, STATIC_PATHS } from '~/routes/[sitemap.xml]/sitemap.server';
import type { NewsPost, SiteSettings } from '~/lib/wordpress/types';
import { SITEMAP_STATIC_PATHS } from '../fixtures/expected';

const settings: SiteSettings = {
  phone: '+86 22 5866 0188',
  whatsapp: '+86 139 2050 8816',
  email: 'sales@carexport.example',
  address: 'Room 1806, 88 Xingang Road, Tianjin, China',
  wechatQr: 'https://wp.example/qr.png',
};

const post: NewsPost = {
  slug: 'yangwang-u9-track-edition',
  title: 'Yangwang U9 Track Edition',
  excerpt: 'A lighter U9.',
  content: '<p>Body</p>',
  date: '2025-08-12T09:00:00Z',
  categories: ['Electric Vehicles'],
  image: null,
  keySpecs: [],
  heroTitle: '',
  heroSubtitle: '',
};

describe('contact form rules', () => {
  const valid = { ...EMPTY_CONTACT, firstName: 'Amara', lastName: 'Okafor', email: 'amara@example.com' };

  it('requires first name, last name and e-mail with the spec sentence', () => {
    expect(CONTACT_MESSAGES.missing).toBe('Please fill in all required fields (First Name, Last Name, and Email).');
    for (const key of ['firstName', 'lastName', 'email'] as const) {
      expect(contactProblem({ ...valid, [key]: '' })).toBe(CONTACT_MESSAGES.missing);
      expect(contactProblem({ ...valid, [key]: '   ' })).toBe(CONTACT_MESSAGES.missing);
      expect(parseContact({ ...valid, [key]: ' ' })).toEqual({ ok: false, error: CONTACT_MESSAGES.missing, fields: [key] });
    }
    expect(contactProblem(valid)).toBeNull();
  });

  it('omits empty optional fields and trims the rest', () => {
    expect(parseContact({ ...valid, firstName: ' Amara ', phoneNumber: '  ', message: '' })).toEqual({
      ok: true,
      data: { firstName: 'Amara', lastName: 'Okafor', email: 'amara@example.com' },
    });
    expect(parseContact({ ...valid, phoneNumber: '+234 803', message: 'Hello' })).toEqual({
      ok: true,
      data: { firstName: 'Amara', lastName: 'Okafor', email: 'amara@example.com', phoneNumber: '+234 803', message: 'Hello' },
    });
  });

  it('refuses a malformed e-mail and over-long text', () => {
    expect(parseContact({ ...valid, email: 'not-an-address' })).toEqual({
      ok: false,
      error: CONTACT_MESSAGES.invalidEmail,
      fields: ['email'],
    });
    expect(parseContact({ ...valid, message: 'x'.repeat(5001) })).toMatchObject({ ok: false, error: expect.stringContaining('5000') });
  });

  it('reads the fields from form data, files and missing names as ""', () => {
    const form = new FormData();
    form.set('firstName', 'Amara');
    form.set('message', new Blob(['x']));
    expect(contactValues(form)).toEqual({ ...EMPTY_CONTACT, firstName: 'Amara' });
  });
});

describe('JSON-LD', () => {
  it('escapes everything that could close the script element', () => {
    const out = serializeJsonLd({ name: '</script><script>alert(1)</script> & \u2028' });
    expect(out).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script> & \u2028' });
  });

  it('describes the company, with the contact point when settings are known', () => {
    const bare = organizationJsonLd({ origin: 'https://cars.example/' });
    expect(bare).toMatchObject({
      '@type': 'Organization',
      url: 'https://cars.example/',
      foundingDate: '2012',
      logo: 'https://cars.example/favicon.svg',
    });
    expect(bare).not.toHaveProperty('contactPoint');
    const full = organizationJsonLd({ origin: 'https://cars.example', settings });
    expect(full.contactPoint).toEqual([expect.objectContaining({ telephone: '+862258660188', email: 'sales@carexport.example' })]);
    expect(full.address).toMatchObject({ streetAddress: settings.address, addressCountry: 'CN' });
  });

  it('describes a news post as a NewsArticle', () => {
    expect(newsArticleJsonLd({ origin: 'https://cars.example', post, path: '/news/yangwang-u9-track-edition' })).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'Yangwang U9 Track Edition',
      datePublished: '2025-08-12T09:00:00Z',
      articleSection: 'Electric Vehicles',
      mainEntityOfPage: { '@id': 'https://cars.example/news/yangwang-u9-track-edition' },
    });
  });

  it('compacts phone numbers and builds wa.me links', () => {
    expect(compactPhone('+86 22 5866 0188')).toBe('+862258660188');
    expect(compactPhone('')).toBe('');
    // Pasted with a space in front, the number keeps its international +.
    expect(compactPhone(' +86 22 5866 0188')).toBe('+862258660188');
    expect(whatsappUrl('+86 139 2050 8816')).toBe('https://wa.me/8613920508816');
    expect(whatsappUrl(' ')).toBeNull();
  });
});

describe('dates', () => {
  it('formats the post date as "Aug 12, 2025", in UTC', () => {
    expect(formatPostDate('2025-08-12T09:00:00Z')).toBe('Aug 12, 2025');
    expect(formatPostDate('2025-08-12T23:59:00Z')).toBe('Aug 12, 2025');
    expect(formatPostDate('nonsense')).toBe('');
    expect(isoDay('2025-08-12T09:00:00Z')).toBe('2025-08-12');
  });

  it('formats Last Updated as a long date', () => {
    expect(formatLongDate(new Date('2026-11-22T10:00:00Z'))).toBe('November 22, 2026');
  });
});

describe('article sanitiser', () => {
  it('removes scripts, handlers, styles, ids and unsafe links; keeps images, classes and srcset', () => {
    const html = sanitizeArticleHtml(
      '<p id="x" style="color:red" onclick="evil()">Hi<script>evil()</script></p>' +
        '<a href="javascript:evil()">bad</a><a href="https://e.example" target="_blank">ok</a>' +
        '<iframe src="https://e.example"></iframe>' +
        '<img src="https://wp.example/a.jpg" srcset="https://wp.example/a.jpg 1024w" sizes="100vw" alt="A car">' +
        '<aside class="market-impact"><h3>Market impact</h3></aside>',
    );
    expect(html).not.toMatch(/script|onclick|style=|id=|javascript:|iframe|target=/);
    expect(html).toContain('<p>Hi</p>');
    expect(html).toContain('srcset="https://wp.example/a.jpg 1024w"');
    // Without sizes the browser takes every picture as screen-wide and loads the largest candidate.
    expect(html).toContain('sizes="100vw"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('<aside class="market-impact">');
    expect(sanitizeArticleHtml('  ')).toBe('');
  });
});

describe('hero image', () => {
  it('offers every WordPress size of at least 600 px and the original', () => {
    const hero = heroImageFrom({
      url: 'https://wp.example/h.jpg',
      alt: '',
      width: 1920,
      height: 800,
      thumb: { url: 'https://wp.example/h-300.jpg', width: 300, height: 300 },
      sizes: [
        { url: 'https://wp.example/h-300.jpg', width: 300, height: 125 },
        { url: 'https://wp.example/h-768.jpg', width: 768, height: 320 },
        { url: 'https://wp.example/h-1920.jpg', width: 1920, height: 800 },
      ],
      avif: [],
    });
    expect(hero.srcSet).toBe('https://wp.example/h-768.jpg 768w, https://wp.example/h-1920.jpg 1920w');
    expect(heroImageFrom(null).src).toMatch(/^\/images\/hero\//);
  });
});

describe('sitemap and robots', () => {
  it('writes a urlset with escaped locations and optional lastmod', () => {
    const xml = sitemapXml([
      { loc: 'https://cars.example/a?x=1&y=2' },
      { loc: 'https://cars.example/car/7', lastmod: '2026-01-02T03:04:05.000Z' },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(
      true,
    );
    expect(xml).toContain('<loc>https://cars.example/a?x=1&amp;y=2</loc>');
    expect(xml).toContain('<loc>https://cars.example/car/7</loc>\n    <lastmod>2026-01-02T03:04:05.000Z</lastmod>');
    expect(STATIC_PATHS).toEqual(SITEMAP_STATIC_PATHS);
  });

  it('writes a sitemap index naming each file with its lastmod', () => {
    const xml = sitemapIndexXml([
      { loc: 'https://cars.example/sitemaps/pages.xml' },
      { loc: 'https://cars.example/sitemaps/cars-4.xml', lastmod: '2026-01-02T03:04:05.000Z' },
    ]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <sitemap>\n    <loc>https://cars.example/sitemaps/pages.xml</loc>\n  </sitemap>\n' +
        '  <sitemap>\n    <loc>https://cars.example/sitemaps/cars-4.xml</loc>\n    <lastmod>2026-01-02T03:04:05.000Z</lastmod>\n  </sitemap>\n' +
        '</sitemapindex>\n',
    );
  });

  it('robots.txt allows all but the private paths and names the sitemap', () => {
    const text = robotsTxt('https://cars.example');
    expect(text).toContain('User-agent: *\nAllow: /\n');
    for (const p of ['/api/', '/login', '/register', '/logout', '/favorites', '/resources/']) expect(text).toContain(`Disallow: ${p}\n`);
    expect(text).toContain('Sitemap: https://cars.example/sitemap.xml');
  });

  it('PUBLIC_URL is reduced to its origin (outside production it defaults to this machine)', () => {
    const base = { WORDPRESS_URL: 'http://127.0.0.1:8080', NODE_ENV: 'test' };
    expect(parseEnv(base).publicUrl).toBe('http://127.0.0.1:3000');
    expect(parseEnv({ ...base, PUBLIC_URL: 'https://cars.example/some/path/' }).publicUrl).toBe('https://cars.example');
    expect(() => parseEnv({ ...base, PUBLIC_URL: 'ftp://cars.example' })).toThrow(/PUBLIC_URL/);
  });

  it('pictures may come from WordPress and from its public address when that differs (Docker, a CDN)', () => {
    const base = { WORDPRESS_URL: 'http://wordpress', NODE_ENV: 'test' };
    expect(parseEnv(base).mediaOrigins).toEqual(['http://wordpress']);
    expect(parseEnv({ ...base, WORDPRESS_PUBLIC_URL: 'https://media.cars.example/wp/' }).mediaOrigins).toEqual([
      'http://wordpress',
      'https://media.cars.example',
    ]);
    expect(parseEnv({ ...base, WORDPRESS_PUBLIC_URL: 'http://wordpress' }).mediaOrigins).toEqual(['http://wordpress']);
    expect(() => parseEnv({ ...base, WORDPRESS_PUBLIC_URL: 'not a url' })).toThrow(/WORDPRESS_PUBLIC_URL/);
  });
});
