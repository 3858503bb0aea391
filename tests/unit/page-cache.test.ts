// The anonymous page cache in front of the Remix handler (server/page-cache.mjs): what it keeps,
// what it never keeps, how long, and that visitors never see someone else's page.
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageCache, pageKey, pickEncoding, sharedMaxAge } from '../../server/page-cache.mjs';

const PUBLIC = 'public, max-age=60, stale-while-revalidate=300';

function page(body: string, headers: Record<string, string> = {}, status = 200) {
  return new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': PUBLIC, ...headers } });
}

function get(url = 'http://site.test/explore-cars?bodyType=SUV', headers: Record<string, string> = {}) {
  return new Request(url, { headers });
}

function setup(options: { maxTtlMs?: number } = {}) {
  let clock = 1_000_000;
  const cache = createPageCache({ sessionCookie: '__session', now: () => clock, ...options });
  let renders = 0;
  const render =
    (body = `page ${renders + 1}`, headers: Record<string, string> = {}, status = 200) =>
    async () => {
      renders += 1;
      return page(body, headers, status);
    };
  return { cache, render, renders: () => renders, advance: (ms: number) => (clock += ms) };
}

describe('sharedMaxAge', () => {
  it('reads max-age (or s-maxage) only from responses a shared cache may keep', () => {
    expect(sharedMaxAge(PUBLIC)).toBe(60);
    expect(sharedMaxAge('public, max-age=60, s-maxage=10')).toBe(10);
    expect(sharedMaxAge('private, no-cache')).toBe(0);
    expect(sharedMaxAge('no-store')).toBe(0);
    expect(sharedMaxAge('max-age=60')).toBe(0); // not said to be public
    expect(sharedMaxAge('public, no-cache, max-age=60')).toBe(0);
    expect(sharedMaxAge('public, max-age=0')).toBe(0);
    expect(sharedMaxAge(null)).toBe(0);
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(null)).toBeNull();
  });
});

describe('pageKey', () => {
  it('leaves click-tracking parameters out, and keeps every other parameter in its order', () => {
    expect(pageKey('http://site.test/explore-cars?bodyType=SUV&utm_source=news&utm_medium=mail&utm_campaign=x')).toBe(
      '/explore-cars?bodyType=SUV',
    );
    expect(pageKey('http://site.test/car/12?gclid=abc&fbclid=def&msclkid=g&dclid=h&gbraid=i&wbraid=j&mc_cid=k&mc_eid=l&_ga=m')).toBe(
      '/car/12',
    );
    // Any utm_ parameter, in any case, anywhere in the query.
    expect(pageKey('http://site.test/explore-cars?UTM_Content=a&brand=BYD&utm_id=7&page=2')).toBe('/explore-cars?brand=BYD&page=2');
    // The site's own parameters, and names that only look alike, are part of the page.
    expect(pageKey('http://site.test/explore-cars?page=2&brand=BYD')).toBe('/explore-cars?page=2&brand=BYD');
    expect(pageKey('http://site.test/explore-cars?ref=partner&utmost=1&source=x')).toBe('/explore-cars?ref=partner&utmost=1&source=x');
    expect(pageKey('http://site.test/?utm_source=x')).toBe('/');
  });
});

describe('page cache', () => {
  it('serves the kept page to a visitor who came from an ad or a newsletter link', async () => {
    const { cache, render, renders } = setup();
    await cache.respond(get('http://site.test/explore-cars?bodyType=SUV'), render());
    const fromAd = await cache.respond(get('http://site.test/explore-cars?bodyType=SUV&utm_source=google&gclid=Cj0KCQ'), render());
    expect(renders()).toBe(1);
    expect(fromAd.headers.get('X-Page-Cache')).toBe('HIT');
    expect(await fromAd.text()).toBe('page 1');
  });

  it('renders a public page once and serves the same bytes to the next visitors', async () => {
    const { cache, render, renders } = setup();
    const first = await cache.respond(get(), render());
    const second = await cache.respond(get(), render());
    expect(renders()).toBe(1);
    expect(first.headers.get('X-Page-Cache')).toBe('MISS');
    expect(second.headers.get('X-Page-Cache')).toBe('HIT');
    expect(await first.text()).toBe('page 1');
    expect(await second.text()).toBe('page 1');
    expect(second.headers.get('Cache-Control')).toBe(PUBLIC);
  });

  it('keys on path and query only: a Host header a client chose selects no other page', async () => {
    const { cache, render, renders } = setup();
    await cache.respond(get('http://site.test/explore-cars?bodyType=SUV'), render());
    const foreign = await cache.respond(get('http://evil.example/explore-cars?bodyType=SUV'), render('evil'));
    expect(renders()).toBe(1);
    expect(foreign.headers.get('X-Page-Cache')).toBe('HIT');
    expect(await foreign.text()).toBe('page 1');
  });

  it('keys on the whole path and query: another query is another page', async () => {
    const { cache, render, renders } = setup();
    await cache.respond(get('http://site.test/explore-cars?bodyType=SUV'), render());
    const other = await cache.respond(get('http://site.test/explore-cars?bodyType=Sedan'), render());
    expect(renders()).toBe(2);
    expect(await other.text()).toBe('page 2');
  });

  it('never serves or keeps a page for a visitor with a session or a bearer token', async () => {
    const { cache, render, renders } = setup();
    await cache.respond(get(), render());
    const signedIn = await cache.respond(get(undefined, { Cookie: 'theme=dark; __session=abc' }), render('personal'));
    expect(await signedIn.text()).toBe('personal');
    expect(signedIn.headers.get('X-Page-Cache')).toBeNull();
    const bearer = await cache.respond(get(undefined, { Authorization: 'Bearer x' }), render('token'));
    expect(await bearer.text()).toBe('token');
    // Another cookie (analytics, say) changes nothing the page shows.
    const other = await cache.respond(get(undefined, { Cookie: '_fbp=fb.1.2.3' }), render());
    expect(other.headers.get('X-Page-Cache')).toBe('HIT');
    expect(renders()).toBe(3);
  });

  it('keeps nothing private, uncacheable, failed, cookie-setting or non-page, and nothing for POST or /api', async () => {
    const { cache, render, renders } = setup();
    const cases: Array<[Request, () => Promise<Response>]> = [
      [get('http://site.test/a'), render('a', { 'Cache-Control': 'private, no-cache' })],
      [get('http://site.test/b'), render('b', { 'Cache-Control': 'no-store' })],
      [get('http://site.test/c'), render('c', {}, 404)],
      [get('http://site.test/d'), render('d', { 'Set-Cookie': '__session=; Max-Age=0' })],
      [get('http://site.test/e'), render('e', { 'Content-Type': 'application/xml' })],
      [new Request('http://site.test/f', { method: 'POST', body: 'x' }), render('f')],
      [get('http://site.test/api/featured-cars'), render('g', { 'Content-Type': 'application/json' })],
    ];
    for (const [request, r] of cases) await cache.respond(request, r);
    for (const [request, r] of cases) {
      const again = await cache.respond(request.method === 'POST' ? new Request(request.url, { method: 'POST', body: 'x' }) : request, r);
      expect(again.headers.get('X-Page-Cache')).not.toBe('HIT');
    }
    expect(renders()).toBe(cases.length * 2);
    expect(cache.size).toBe(0);
  });

  it('keeps a page for its max-age, capped by the configured limit, then renders again', async () => {
    const { cache, render, renders, advance } = setup({ maxTtlMs: 30_000 });
    await cache.respond(get(), render());
    advance(29_000);
    expect((await cache.respond(get(), render())).headers.get('Age')).toBe('29');
    advance(2_000);
    const after = await cache.respond(get(), render());
    expect(after.headers.get('X-Page-Cache')).toBe('MISS');
    expect(renders()).toBe(2);
  });

  it('a limit of 0 turns it off', async () => {
    const { cache, render, renders } = setup({ maxTtlMs: 0 });
    await cache.respond(get(), render());
    await cache.respond(get(), render());
    expect(renders()).toBe(2);
  });

  it('clear() forgets every page (WordPress purged the catalogue)', async () => {
    const { cache, render, renders } = setup();
    await cache.respond(get(), render());
    cache.clear();
    const after = await cache.respond(get(), render());
    expect(await after.text()).toBe('page 2');
    expect(renders()).toBe(2);
  });

  it('visitors arriving during a render share it', async () => {
    const { cache } = setup();
    let renders = 0;
    let finish: (r: Response) => void = () => {};
    const slow = () => {
      renders += 1;
      return new Promise<Response>((resolve) => (finish = resolve));
    };
    const a = cache.respond(get(), slow);
    const b = cache.respond(get(), slow);
    finish(page('shared'));
    expect(await (await a).text()).toBe('shared');
    expect(await (await b).text()).toBe('shared');
    expect(renders).toBe(1);
  });

  it('after a purge one render refreshes the page, and visitors arriving meanwhile get the last copy at once', async () => {
    const { cache, render } = setup();
    await cache.respond(get(), render('before the purge'));
    cache.clear();
    let finish: (r: Response) => void = () => {};
    let renders = 0;
    const slow = () => {
      renders += 1;
      return new Promise<Response>((resolve) => (finish = resolve));
    };
    const first = cache.respond(get(), slow);
    const meanwhile = await cache.respond(get(), slow);
    expect(meanwhile.headers.get('X-Page-Cache')).toBe('STALE');
    expect(meanwhile.headers.get('Cache-Control')).toBe('no-store');
    expect(await meanwhile.text()).toBe('before the purge');
    finish(page('after the purge'));
    expect(await (await first).text()).toBe('after the purge');
    const next = await cache.respond(get(), slow);
    expect(next.headers.get('X-Page-Cache')).toBe('HIT');
    expect(await next.text()).toBe('after the purge');
    expect(renders).toBe(1);
    expect(cache.stats.stale).toBe(1);
  });

  it('an expired page is refreshed by one render while the others get its last copy', async () => {
    const { cache, render, advance } = setup({ maxTtlMs: 30_000 });
    await cache.respond(get(), render('old'));
    advance(31_000);
    let finish: (r: Response) => void = () => {};
    const slow = () => new Promise<Response>((resolve) => (finish = resolve));
    const first = cache.respond(get(), slow);
    expect(await (await cache.respond(get(), slow)).text()).toBe('old');
    finish(page('new'));
    expect(await (await first).text()).toBe('new');
  });

  it('sends the kept page compressed as the browser accepts, the same bytes underneath', async () => {
    const { cache, render } = setup();
    const html = `<html>${'<li class="card">car</li>'.repeat(500)}</html>`;
    await cache.respond(get(), render(html));
    const br = await cache.respond(get(undefined, { 'Accept-Encoding': 'gzip, deflate, br' }), render());
    const gz = await cache.respond(get(undefined, { 'Accept-Encoding': 'gzip' }), render());
    const plain = await cache.respond(get(), render());
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(br.headers.get('Vary')).toContain('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html);
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
    expect(await plain.text()).toBe(html);
    expect(Number(gz.headers.get('Content-Length'))).toBeLessThan(html.length / 10);
  });

  it('writes each response’s own CSP nonce into a kept page, never the rendering’s', async () => {
    const { cache, renders } = setup();
    const pageWith = (nonce: string) =>
      `<html><script nonce="${nonce}">a()</script><p>${'car '.repeat(300)}</p><script nonce="${nonce}">b()</script></html>`;
    let rendered = 0;
    const renderWith = (nonce: string) => async () => {
      rendered += 1;
      return page(pageWith(nonce));
    };
    const miss = await cache.respond(get(), renderWith('first-nonce-AAAA'), { nonce: 'first-nonce-AAAA' });
    const hit = await cache.respond(get(), renderWith('second-nonce-BBB'), { nonce: 'second-nonce-BBB' });
    const hitBr = await cache.respond(get(undefined, { 'Accept-Encoding': 'br' }), renderWith('third-nonce-CCCC'), {
      nonce: 'third-nonce-CCCC',
    });
    expect(rendered).toBe(1);
    expect(renders()).toBe(0);
    expect(await miss.text()).toBe(pageWith('first-nonce-AAAA'));
    expect(hit.headers.get('X-Page-Cache')).toBe('HIT');
    expect(await hit.text()).toBe(pageWith('second-nonce-BBB'));
    // Gzip (preferred for such pages even when brotli is accepted) is assembled around the nonce.
    const hitGz = await cache.respond(get(undefined, { 'Accept-Encoding': 'gzip, deflate, br' }), renderWith('x'), {
      nonce: 'fifth-nonce-EEEE',
    });
    expect(hitGz.headers.get('Content-Encoding')).toBe('gzip');
    const gzBody = Buffer.from(await hitGz.arrayBuffer());
    expect(Number(hitGz.headers.get('Content-Length'))).toBe(gzBody.byteLength);
    expect(gunzipSync(gzBody).toString()).toBe(pageWith('fifth-nonce-EEEE'));
    expect(gzBody.byteLength).toBeLessThan(pageWith('x').length / 5);
    const brBody = Buffer.from(await hitBr.arrayBuffer());
    expect(Number(hitBr.headers.get('Content-Length'))).toBe(brBody.byteLength);
    expect(brotliDecompressSync(brBody).toString()).toBe(pageWith('third-nonce-CCCC'));
    expect(hitBr.headers.get('Content-Encoding')).toBe('br');
  });

  it('visitors who waited for the same render each get their own nonce in it', async () => {
    const { cache } = setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const render = async () => {
      await gate;
      return page('<script nonce="shared-render-nonce">x()</script>');
    };
    const a = cache.respond(get(), render, { nonce: 'shared-render-nonce' });
    const b = cache.respond(get(), render, { nonce: 'waiting-visitor-n' });
    release();
    expect(await (await a).text()).toBe('<script nonce="shared-render-nonce">x()</script>');
    expect(await (await b).text()).toBe('<script nonce="waiting-visitor-n">x()</script>');
  });
});
