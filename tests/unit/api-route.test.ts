// The one shape of every /api route: allowed method, checked JSON body, errors mapped once.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonResponse } from '~/lib/http/api-responses.server';
import { apiRoute } from '~/lib/http/api-route.server';
import { WordPressError } from '~/lib/wordpress/client.server';

const post = (body: string, method = 'POST') =>
  new Request('http://site.test/api/x', {
    method,
    body: method === 'GET' ? undefined : body,
    headers: { 'Content-Type': 'application/json' },
  });
const args = (request: Request) => ({ request, params: {}, context: {} });
const read = async (r: Response) => ({ status: r.status, body: await r.json(), allow: r.headers.get('Allow') });

const route = apiRoute({
  method: 'POST',
  body: z.object({ name: z.string().min(1, 'Please enter your name.') }),
  fallback: 'Failed to save',
  run: async ({ body }) => {
    if (body.name === 'down') throw new WordPressError('Network error: WordPress could not be reached.', 0);
    return jsonResponse({ hello: body.name });
  },
});

describe('apiRoute', () => {
  it('answers 405 with Allow for any other method', async () => {
    expect(await read(await route.loader(args(post('', 'GET'))))).toMatchObject({ status: 405, allow: 'POST' });
    expect(await read(await route.action(args(post('{}', 'PUT'))))).toMatchObject({ status: 405, allow: 'POST' });
  });

  it("refuses a body the schema rejects with 400 and the schema's sentence, and runs on a good one", async () => {
    expect(await read(await route.action(args(post('{"name": ""}'))))).toMatchObject({
      status: 400,
      body: { message: 'Please enter your name.' },
    });
    expect(await read(await route.action(args(post('not json'))))).toMatchObject({ status: 400 });
    expect(await read(await route.action(args(post('{"name": "Ann"}'))))).toMatchObject({ status: 200, body: { hello: 'Ann' } });
  });

  it("runs an 'ANY' route for every method, with no Allow header", async () => {
    const any = apiRoute({ method: 'ANY', run: async ({ request }) => jsonResponse({ method: request.method }) });
    expect(await read(await any.loader(args(post('', 'GET'))))).toEqual({ status: 200, body: { method: 'GET' }, allow: null });
    expect(await read(await any.action(args(post('{}', 'DELETE'))))).toEqual({ status: 200, body: { method: 'DELETE' }, allow: null });
  });

  it('maps a WordPress outage once: 503 with the fallback', async () => {
    expect(await read(await route.action(args(post('{"name": "down"}'))))).toMatchObject({
      status: 503,
      body: { message: 'Failed to save' },
    });
  });
});
