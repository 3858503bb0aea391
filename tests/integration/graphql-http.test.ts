// /graphql over HTTP: GET and POST as the GraphQL-over-HTTP spec describes, caching headers,
// request errors with their statuses, depth and complexity limits, introspection, and no leaks.
import { describe, expect, it } from 'vitest';
import { buildClientSchema, getIntrospectionQuery, isObjectType, type IntrospectionQuery } from 'graphql';
import { http } from './support/wordpress';
import { expectNoLeaks, query, remember } from './support/catalogue';

const SAMPLE = `query Sample($perPage: Int) {
  cars(perPage: $perPage) { total page perPage totalPages nodes { id title priceText } }
  carFilters { brands years }
}`;

/** A raw request to /graphql whose response text is kept for the leak check. */
async function raw(init: RequestInit & { path?: string } = {}) {
  const { path = '/graphql', ...rest } = init;
  const res = await http(path, rest);
  remember(res.text);
  return res;
}

const postJson = (body: string, contentType = 'application/json') =>
  raw({ method: 'POST', headers: { 'Content-Type': contentType, Accept: 'application/json' }, body });

const firstMessage = (body: { errors?: Array<{ message?: unknown }> } | null): unknown => body?.errors?.[0]?.message;

/** `__type(name: "Car") { fields { type { ofType { ... { name } } } } }` with `levels` ofType fields. */
function nestedTypeQuery(levels: number): string {
  let inner = 'name';
  for (let i = 0; i < levels; i += 1) inner = `ofType { ${inner} }`;
  return `{ __type(name: "Car") { fields { type { ${inner} } } } }`;
}

describe('GET and POST', () => {
  it('return the same data for the same query and variables', async () => {
    const post = await query(SAMPLE, { perPage: 3 });
    const get = await query(SAMPLE, { perPage: 3 }, 'GET');
    expect(post.status).toBe(200);
    expect(get.status).toBe(200);
    expect(post.body.errors).toBeUndefined();
    expect(post.body.data.cars.nodes).toHaveLength(3);
    expect(get.body).toEqual(post.body);
  });

  it('GET answers JSON that shared caches may keep for a minute', async () => {
    const res = await query('{ cars(perPage: 1) { total } }', {}, 'GET');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json\b/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.body.data.cars.total).toBeGreaterThan(0);
  });

  it('POST answers JSON that no cache may keep', async () => {
    const res = await query('{ cars(perPage: 1) { total } }');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json\b/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('a failed GET is not cacheable', async () => {
    const res = await query('{ cars { nope } }', {}, 'GET');
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json\b/);
  });

  it('GET runs the operation named by operationName', async () => {
    const doc = 'query A { cars(perPage: 1) { perPage } } query B { cars(perPage: 2) { perPage } }';
    const qs = new URLSearchParams({ query: doc, operationName: 'B' });
    const res = await raw({ path: `/graphql?${qs}` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { cars: { perPage: 2 } } });

    const ambiguous = await raw({ path: `/graphql?${new URLSearchParams({ query: doc })}` });
    expect(ambiguous.status).toBe(400);
    expect(firstMessage(ambiguous.body)).toMatch(/operationName/);
  });
});

describe('request errors', () => {
  it('a body that is not JSON is 400 with a message', async () => {
    const res = await postJson('{"query": "{ cars { total } }"');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json\b/);
    expect(firstMessage(res.body)).toMatch(/not valid JSON/);
    expect(res.body.data).toBeUndefined();
  });

  it('variables over GET that are not JSON are 400', async () => {
    const qs = new URLSearchParams({ query: '{ cars { total } }', variables: '{nope' });
    const res = await raw({ path: `/graphql?${qs}` });
    expect(res.status).toBe(400);
    expect(firstMessage(res.body)).toMatch(/not valid JSON/);
  });

  it('a request without a query is 400, over POST and over GET', async () => {
    const post = await postJson('{"variables": {}}');
    expect(post.status).toBe(400);
    expect(firstMessage(post.body)).toMatch(/query/);

    const get = await raw({ path: '/graphql' });
    expect(get.status).toBe(400);
    expect(firstMessage(get.body)).toMatch(/query/);

    const blank = await postJson(JSON.stringify({ query: '   ' }));
    expect(blank.status).toBe(400);
  });

  it('variables that are not an object, and batches, are 400', async () => {
    const list = await postJson(JSON.stringify({ query: '{ cars { total } }', variables: [1] }));
    expect(list.status).toBe(400);
    expect(firstMessage(list.body)).toMatch(/variables/);

    const batch = await postJson(JSON.stringify([{ query: '{ cars { total } }' }, { query: '{ carFilters { years } }' }]));
    expect(batch.status).toBe(400);
    expect(firstMessage(batch.body)).toMatch(/[Bb]atch/);
  });

  it('a POST that is not JSON is refused with 415', async () => {
    const res = await postJson('query={ cars { total } }', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(415);
    expect(firstMessage(res.body)).toMatch(/application\/json/);
  });

  it('PUT is 405 with an Allow header naming GET and POST', async () => {
    const res = await raw({
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ cars { total } }' }),
    });
    expect(res.status).toBe(405);
    const allow = (res.headers.get('allow') ?? '').split(/\s*,\s*/).sort();
    expect(allow).toEqual(['GET', 'POST']);
    expect(firstMessage(res.body)).toEqual(expect.any(String));
  });

  it('a mutation over GET is 405 (GET stays safe), with Allow: POST', async () => {
    const res = await query('mutation { deleteEverything }', {}, 'GET');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.body.errors?.[0]?.message).toMatch(/GET/);
  });

  it('a mutation over POST is 400: the API is read-only', async () => {
    const res = await query('mutation { deleteEverything }');
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toMatch(/read-only/);
    expect(res.body.data).toBeUndefined();
  });

  it('a body over 64 KB is 413; one just under is served', async () => {
    const big = JSON.stringify({ query: `{ cars(perPage: 1) { total } } # ${'x'.repeat(66 * 1024)}` });
    const tooBig = await postJson(big);
    expect(tooBig.status).toBe(413);
    expect(firstMessage(tooBig.body)).toMatch(/64 KB/);

    const fits = JSON.stringify({ query: `{ cars(perPage: 1) { total } } # ${'x'.repeat(60 * 1024)}` });
    const ok = await postJson(fits);
    expect(ok.status).toBe(200);
    expect(ok.body.data.cars.total).toBeGreaterThan(0);
  });

  it('a syntax error is 400 with the parser message and no data', async () => {
    const res = await query('{ cars { total }');
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toMatch(/^Syntax Error/);
    expect(res.body.data).toBeUndefined();
  });

  it('an unknown field is a 400 validation error', async () => {
    const res = await query('{ cars { total colour } }');
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toBe('Cannot query field "colour" on type "CarConnection".');
  });

  it('a variable of the wrong type is 400', async () => {
    const res = await query('query($p: Int) { cars(page: $p) { total } }', { p: 'two' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toMatch(/\$p/);
  });
});

describe('limits', () => {
  it('a query deeper than 10 levels is refused with a message', async () => {
    const ok = await query(nestedTypeQuery(8));
    expect(ok.status).toBe(200);
    expect(ok.body.errors).toBeUndefined();

    const res = await query(nestedTypeQuery(9));
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toBe('Max query depth should be 10 but got 11.');
    expect(res.body.data).toBeUndefined();
  });

  it('a query costlier than 500 is refused with a message', async () => {
    // 3 + 100 × (nodes 1 + images (1 + 6 × sizes (1 + 6 × 0))) = 803.
    const res = await query('{ cars(perPage: 100) { nodes { images { sizes { url } } } } }');
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toBe('Max query complexity should be 500 but got 803.');
    expect(res.body.data).toBeUndefined();
  });

  it('the cost counts variables, and a page of 100 cars with their main image fits', async () => {
    const costly = await query('query($n: Int) { cars(perPage: $n) { nodes { images { sizes { url } } } } }', { n: 100 });
    expect(costly.status).toBe(400);
    expect(costly.body.errors?.[0]?.message).toMatch(/complexity/);

    // 3 + 100 × (1 + 1) = 203.
    const res = await query('{ cars(perPage: 100) { total nodes { id title image { url width height } } } }');
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.cars.nodes.length).toBe(Math.min(100, res.body.data.cars.total));
  });
});

describe('introspection', () => {
  it('the standard introspection query works and describes a read-only schema', async () => {
    const res = await query<IntrospectionQuery>(getIntrospectionQuery());
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const schema = buildClientSchema(res.body.data as IntrospectionQuery);
    expect(schema.getMutationType()).toBeFalsy();
    const fields = Object.keys(schema.getQueryType()?.getFields() ?? {}).sort();
    expect(fields).toEqual([
      'car',
      'carFilters',
      'carPreview',
      'cars',
      'carsByIds',
      'featuredCars',
      'newsPost',
      'newsPostPreview',
      'newsPosts',
      'ports',
      'previewShowsUnsavedEdits',
      'siteSettings',
      'sitemapEntries',
      'sitemapFiles',
      'videos',
    ]);
    // The car fields the site reads, with the nullability its zod schemas rely on.
    const car = schema.getType('Car');
    expect(isObjectType(car)).toBe(true);
    const carFields = isObjectType(car) ? car.getFields() : {};
    const typeOf = (name: string) => String(carFields[name]?.type);
    expect(['databaseId', 'price', 'priceText', 'saleStatus', 'features', 'image', 'images'].map((f) => [f, typeOf(f)])).toEqual([
      ['databaseId', 'Int!'],
      ['price', 'Int'],
      ['priceText', 'String!'],
      ['saleStatus', 'CarSaleStatus!'],
      ['features', '[String!]!'],
      ['image', 'Image'],
      ['images', '[Image!]!'],
    ]);
  });

  it('__type answers for a named type', async () => {
    const res = await query('{ __type(name: "CarOrderBy") { kind enumValues { name } } }');
    expect(res.status).toBe(200);
    expect(res.body.data.__type).toEqual({ kind: 'ENUM', enumValues: [{ name: 'DATE' }, { name: 'PRICE' }] });
  });
});

describe('odd input', () => {
  it('never gives a server error, only nulls or client errors', async () => {
    const odd: Array<[string, Record<string, unknown>?]> = [
      ['{ car(id: "99999999999999999999999999") { id } }'],
      ['{ car(id: "-1") { id } }'],
      ['{ car(id: "1 OR 1=1") { id } }'],
      ['{ cars(filter: { search: "%\' OR 1=1 --" }) { total } }'],
      ['{ cars(filter: { search: "\\\\" , brand: "\\u0000" }) { total } }'],
      ['{ cars(filter: { year: -3, minPrice: 2147483647 }) { total } }'],
      ['{ cars(filter: { minPrice: -1 }) { total } }'],
      ['{ cars(filter: { search: $s }) { total } }'],
      ['query($s: String) { cars(filter: { search: $s }) { total } }', { s: 'x'.repeat(201) }],
      ['{ newsPost(slug: "../../wp-config") { id } }'],
      ['{ cars(page: 2147483647, perPage: 100) { total nodes { id } } }'],
    ];
    for (const [text, variables] of odd) {
      const res = await query(text, variables ?? {});
      expect(res.status, text).toBeLessThan(500);
      expect(res.body.errors?.map((e) => e.message) ?? [], text).not.toContain('Internal server error');
    }
  });

  it('no response in this file leaked SQL, table names or server paths', () => {
    expectNoLeaks();
  });
});
