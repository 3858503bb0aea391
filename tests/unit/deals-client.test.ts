// The deal calls of the WordPress client against a fake fetch: the buyer's token on every call, the
// bodies the plugin reads, answers parsed at the boundary, and refusals turned into the sentence the
// buyer reads (a 404 stays a 404, an outage promises nothing is lost).
import { describe, expect, it, vi } from 'vitest';
import fixture from '../fixtures/rest-deal.json';
import { createWordPressClient, WordPressError } from '~/lib/wordpress/client.server';
import { dealFailure, isDealNotFound } from '~/lib/deals/deals.server';

type Call = { url: URL; init: RequestInit };

function fakeWordPress(respond: (call: Call) => Response) {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: new URL(String(input)), init };
    calls.push(call);
    return respond(call);
  });
  const client = createWordPressClient({ baseUrl: 'http://wp.test', fetch: fetchImpl as typeof fetch, cache: false, timeoutMs: 200 });
  return { client, calls };
}

const jsonRes = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const header = (call: Call, name: string) => new Headers(call.init.headers).get(name);
const ID = fixture.deal.id;
const refusal = (message: string, status: number, code = 'car_export_deal_refused') => jsonRes({ code, message, data: { status } }, status);

describe('deal answers', () => {
  it('parses a deal with its lines, proforma and timeline, sending the bearer token', async () => {
    const { client, calls } = fakeWordPress(() => jsonRes(fixture));
    const deal = await client.deal('tok-1', ID);
    expect(calls[0]!.url.pathname).toBe(`/wp-json/car-export/v1/deals/${ID}`);
    expect(header(calls[0]!, 'Authorization')).toBe('Bearer tok-1');
    expect(deal.number).toBe('D-2026-00042');
    expect(deal.lines.map((l) => l.amount)).toEqual([28000, 2900, 350]);
    expect(deal.proforma?.number).toBe('PI-2026-00001');
    expect(deal.timeline[0]!.fromState).toBeNull();
    expect(deal.nextAction).toBe('pay_deposit');
  });

  it('reads an unknown next action as none instead of failing the page', async () => {
    const { client } = fakeWordPress(() => jsonRes({ deal: { ...fixture.deal, nextAction: 'sign_contract' } }));
    expect((await client.deal('t', ID)).nextAction).toBe('none');
  });

  it('refuses an answer with money that is not whole dollars as a broken answer (502)', async () => {
    const { client } = fakeWordPress(() => jsonRes({ deal: { ...fixture.deal, total: '31,250' } }));
    const error = await client.deal('t', ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WordPressError);
    expect((error as WordPressError).status).toBe(502);
  });

  it('lists the summaries', async () => {
    const { deal } = fixture;
    const { client } = fakeWordPress(() => jsonRes({ deals: [deal] }));
    const list = await client.deals('t');
    expect(list.map((d) => [d.number, d.amountDue])).toEqual([['D-2026-00042', 15625]]);
  });

  it('never asks WordPress about an id it does not issue: the same 404', async () => {
    const { client, calls } = fakeWordPress(() => jsonRes(fixture));
    const error = await client.deal('t', '../../users').catch((e: unknown) => e);
    expect(isDealNotFound(error)).toBe(true);
    const file = await client.dealDownload('t', ID, { fileId: '../x' }).catch((e: unknown) => e);
    expect(isDealNotFound(file)).toBe(true);
    expect(calls).toHaveLength(0);
  });
});

describe('deal requests', () => {
  it('posts a quote request with its key and without empty optional fields', async () => {
    const { client, calls } = fakeWordPress(() => jsonRes(fixture, 201));
    await client.createDeal('t', { carId: 321, country: 'Kenya', tradeTerm: 'FOB', shipping: 'roro', message: '  ' }, 'key-1', false);
    expect(calls[0]!.url.pathname).toBe('/wp-json/car-export/v1/deals');
    expect(header(calls[0]!, 'Idempotency-Key')).toBe('key-1');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ carId: 321, country: 'Kenya', tradeTerm: 'FOB', shipping: 'roro' });
  });

  it('posts Buy Now to its own route, never with an inspection', async () => {
    const { client, calls } = fakeWordPress(() => jsonRes(fixture, 201));
    await client.createDeal(
      't',
      { carId: 321, country: 'Kenya', portId: 7, tradeTerm: 'CIF', shipping: 'roro', inspection: true },
      'k',
      true,
    );
    expect(calls[0]!.url.pathname).toBe('/wp-json/car-export/v1/deals/buy-now');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      carId: 321,
      country: 'Kenya',
      portId: 7,
      tradeTerm: 'CIF',
      shipping: 'roro',
    });
  });

  it('uploads the proof as multipart with the file', async () => {
    const { client, calls } = fakeWordPress(() => jsonRes(fixture, 201));
    await client.uploadDealProof('t', ID, new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'proof.png');
    expect(calls[0]!.url.pathname).toBe(`/wp-json/car-export/v1/deals/${ID}/proof`);
    const body = calls[0]!.init.body as FormData;
    expect((body.get('file') as File).name).toBe('proof.png');
    expect(header(calls[0]!, 'Authorization')).toBe('Bearer t');
  });
});

describe('refusals shown to the buyer', () => {
  it('shows the sentence of a 409 Buy Now refusal with its status', async () => {
    const { client } = fakeWordPress(() => refusal('This car is reserved by another buyer.', 409));
    const error = await client
      .createDeal('t', { carId: 321, country: 'Kenya', tradeTerm: 'FOB', shipping: 'roro' }, 'k', true)
      .catch((e: unknown) => e);
    expect(dealFailure(error, 'Could not reserve.')).toEqual({
      status: 409,
      message: 'This car is reserved by another buyer.',
      retryAfter: undefined,
    });
  });

  it('shows the sentence of a 413 from the proof upload', async () => {
    const { client } = fakeWordPress(() => refusal('The file is larger than 10 MB.', 413));
    const error = await client.uploadDealProof('t', ID, new Blob(['x']), 'a.pdf').catch((e: unknown) => e);
    expect(dealFailure(error, 'Upload failed.')).toMatchObject({ status: 413, message: 'The file is larger than 10 MB.' });
  });

  it("keeps a 404 a 404 (another buyer's deal)", async () => {
    const { client } = fakeWordPress(() => refusal('Not found.', 404, 'car_export_deal_not_found'));
    expect(isDealNotFound(await client.deal('t', ID).catch((e: unknown) => e))).toBe(true);
  });

  it('an outage says to try again and that nothing is lost', async () => {
    const { client } = fakeWordPress(() => new Response('<html>bad gateway</html>', { status: 502 }));
    const error = await client.sendDealMessage('t', ID, 'hello').catch((e: unknown) => e);
    const failure = dealFailure(error, 'Your message could not be sent.');
    expect(failure.status).toBe(503);
    expect(failure.message).toBe('Your message could not be sent. Please try again in a moment: nothing you sent is lost.');
  });
});
