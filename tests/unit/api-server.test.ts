// The shared pieces of the /api routes: JSON bodies (size limit 413, malformed 400), the zod body
// schemas with the exact messages buyers see and WordPress's, bearer tokens, and errors → status + {message}.
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  MAX_BODY_BYTES,
  bearerToken,
  errorResponse,
  methodNotAllowed,
  positiveInt,
  readJsonBody,
} from '~/lib/http/api-responses.server';
import { loginBody, registerBody } from '~/forms/auth.server';
import { contactBody } from '~/forms/contact.server';
import { inquiryBody as buildInquiryBody } from '~/forms/inquiry.server';
import { toggleBody } from '~/lib/http/api-bodies.server';

const inquiryBody = buildInquiryBody();
import { WordPressError } from '~/lib/wordpress/client.server';
import { z } from 'zod';

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request('http://site.test/api/x', {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', ...headers },
    duplex: 'half',
  } as RequestInit);

async function bodyError(req: Request, schema: z.ZodTypeAny = z.object({}).passthrough()) {
  const err = await readJsonBody(req, schema).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('readJsonBody', () => {
  it('parses a JSON object', async () => {
    expect(await readJsonBody(post('{"a":1}'), z.object({ a: z.number() }))).toEqual({ a: 1 });
  });

  it('refuses malformed JSON, empty bodies and non-objects with 400', async () => {
    expect(await bodyError(post('{"a":'))).toMatchObject({ status: 400, message: 'The request body is not valid JSON.' });
    expect(await bodyError(post(''))).toMatchObject({ status: 400 });
    expect(await bodyError(post('[1,2]'))).toMatchObject({ status: 400, message: 'The request body must be a JSON object.' });
    expect(await bodyError(post('"text"'))).toMatchObject({ status: 400 });
  });

  it('refuses a body over 16 KB with 413, by its declared length or while reading', async () => {
    const big = JSON.stringify({ message: 'x'.repeat(MAX_BODY_BYTES) });
    expect(await bodyError(post(big))).toMatchObject({ status: 413 });
    // No Content-Length: a stream is counted as it arrives.
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 40; i++) c.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        c.close();
      },
    });
    expect(await bodyError(post(stream))).toMatchObject({ status: 413 });
  });

  it('reads a body of exactly the limit whole, and refuses one byte more, declared or streamed', async () => {
    const schema = z.object({ m: z.string() });
    // {"m":""} is 8 bytes of JSON around the text.
    const atLimit = 'x'.repeat(MAX_BODY_BYTES - 8);
    const body = JSON.stringify({ m: atLimit });
    expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES);
    expect(await readJsonBody(post(body), schema)).toEqual({ m: atLimit });
    expect(await readJsonBody(post(body, { 'Content-Length': String(MAX_BODY_BYTES) }), schema)).toEqual({ m: atLimit });
    const over = JSON.stringify({ m: `${atLimit}x` });
    expect(await bodyError(post(over), schema)).toMatchObject({ status: 413 });
    expect(await bodyError(post(over, { 'Content-Length': String(MAX_BODY_BYTES + 1) }), schema)).toMatchObject({
      status: 413,
      message: `The request body is too large (at most ${MAX_BODY_BYTES} bytes).`,
    });
  });
});

describe('body schemas', () => {
  const first = (schema: z.ZodTypeAny, value: unknown) => {
    const r = schema.safeParse(value);
    return r.success ? null : r.error.issues[0]!.message;
  };

  it('login needs both fields', () => {
    // The sign-in dialog's rule and sentence: both fields are required.
    expect(first(loginBody, { password: 'x' })).toBe('Please enter your username or email and your password.');
    expect(first(loginBody, { username: 'a', password: '' })).toBe('Please enter your username or email and your password.');
    expect(loginBody.parse({ username: ' a ', password: ' p ' })).toEqual({ username: 'a', password: ' p ' });
  });

  it('register checks presence, e-mail and password length', () => {
    expect(first(registerBody, { username: 'abc', email: 'a@b.co' })).toBe('Please fill in your username, e-mail address and password.');
    expect(first(registerBody, { username: 'abc', email: 'nope', password: 'secret1' })).toBe('Please enter a valid e-mail address.');
    expect(first(registerBody, { username: 'abc', email: 'a@b.co', password: '12345' })).toBe(
      'Password must be at least 6 characters long',
    );
    // Counted without surrounding spaces, as WordPress counts it (it trims a password at sign-in).
    expect(first(registerBody, { username: 'abc', email: 'a@b.co', password: '  12345 ' })).toBe(
      'Password must be at least 6 characters long',
    );
    expect(first(registerBody, { username: 'abc', email: 'a@b.co', password: ' 12 3456 ' })).toBeNull();
  });

  it('toggle takes a number or digits, and add or remove; title and price are ignored', () => {
    expect(toggleBody.parse({ carId: '12', action: 'add', title: 'x', price: '$1' })).toEqual({ carId: 12, action: 'add' });
    expect(first(toggleBody, { action: 'add' })).toBe('Car ID is missing.');
    expect(first(toggleBody, { carId: 0, action: 'add' })).toBe('Car ID is missing.');
    expect(first(toggleBody, { carId: 'abc', action: 'add' })).toBe('Car ID is invalid.');
    expect(first(toggleBody, { carId: 3, action: 'toggle' })).toBe('Action must be "add" or "remove".');
  });

  it('contact: the spec message for any missing required field, optional fields dropped when empty', () => {
    const missing = 'Please fill in all required fields (First Name, Last Name, and Email).';
    expect(first(contactBody, { lastName: 'L', email: 'a@b.co' })).toBe(missing);
    expect(first(contactBody, { firstName: 'F', lastName: ' ', email: 'a@b.co' })).toBe(missing);
    expect(first(contactBody, { firstName: 'F', lastName: 'L' })).toBe(missing);
    expect(first(contactBody, { firstName: 'F', lastName: 'L', email: 'bad' })).toBe('Please enter a valid e-mail address.');
    expect(contactBody.parse({ firstName: 'F', lastName: 'L', email: 'a@b.co', phoneNumber: '', message: null })).toEqual({
      firstName: 'F',
      lastName: 'L',
      email: 'a@b.co',
      phoneNumber: undefined,
      message: undefined,
    });
    expect(contactBody.parse({ firstName: 'F', lastName: 'L', email: 'a@b.co', phoneNumber: 8613800000000 }).phoneNumber).toBe(
      '8613800000000',
    );
  });

  it('inquiry: car id first, then name, phone, e-mail', () => {
    expect(first(inquiryBody, {})).toBe('Car ID is missing.');
    expect(first(inquiryBody, { carId: 5 })).toBe('Please enter your name.');
    expect(first(inquiryBody, { carId: 5, name: 'A' })).toBe('Please enter your phone number.');
    expect(first(inquiryBody, { carId: 5, name: 'A', phoneNumber: '12345' })).toBe('Please enter your e-mail address.');
    expect(first(inquiryBody, { carId: 5, name: 'A', phoneNumber: '12345', emailAddress: 'a@b.co', message: 'x'.repeat(5001) })).toBe(
      'Message must be at most 5000 characters long.',
    );
  });
});

describe('bearer tokens', () => {
  const req = (auth?: string) => new Request('http://site.test/', { headers: auth ? { Authorization: auth } : {} });
  it('reads "Bearer <token>" only', () => {
    expect(bearerToken(req('Bearer abc.def.ghi'))).toBe('abc.def.ghi');
    expect(bearerToken(req('bearer   abc'))).toBe('abc');
    expect(bearerToken(req('Basic abc'))).toBeNull();
    expect(bearerToken(req('Bearer'))).toBeNull();
    expect(bearerToken(req())).toBeNull();
  });
});

describe('errorResponse', () => {
  const read = async (r: Response) => ({ status: r.status, body: await r.json(), headers: r.headers });

  it('passes WordPress status and message through', async () => {
    const r = await read(errorResponse(new WordPressError('The username or password you entered is incorrect.', 403)));
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: 'The username or password you entered is incorrect.' });
    expect(r.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('uses the fallback when WordPress sent no message', async () => {
    expect((await read(errorResponse(new WordPressError('HTTP error! status: 500', 500), 'Login failed'))).body).toEqual({
      message: 'Login failed',
    });
  });

  it('answers 503 with Retry-After when WordPress could not be reached, and forwards Retry-After', async () => {
    const down = await read(errorResponse(new WordPressError('Network error: WordPress could not be reached.', 0)));
    expect(down.status).toBe(503);
    expect(down.headers.get('Retry-After')).toBe('30');
    const limited = await read(errorResponse(new WordPressError('Wait.', 429, 'x', 30)));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('30');
  });

  it('hides unexpected errors', async () => {
    const spy = console.error;
    console.error = () => undefined;
    try {
      const r = await read(errorResponse(new Error('SQL syntax near users')));
      expect(r.status).toBe(500);
      expect(JSON.stringify(r.body)).not.toContain('SQL');
    } finally {
      console.error = spy;
    }
  });

  it('405 names the allowed methods', async () => {
    const r = methodNotAllowed(['POST']);
    expect(r.status).toBe(405);
    expect(r.headers.get('Allow')).toBe('POST');
  });
});

describe('positiveInt', () => {
  it('accepts only positive whole numbers', () => {
    expect(positiveInt('12')).toBe(12);
    for (const bad of ['0', '-1', '1.5', 'abc', '', null, undefined, '1e3', '99999999999999999'])
      expect(positiveInt(bad), String(bad)).toBeNull();
  });
});
