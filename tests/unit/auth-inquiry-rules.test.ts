// Sign-in, sign-up and inquiry rules at their exact edges, as a visitor meets them: the sentence that
// names the limit one character past it, nothing one character before; and the car page's inquiry
// post with its port and shipping choice read the way the form sends them.
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as A, registerError, signInError, signInValues } from '~/forms/auth';
import { inquiryValues } from '~/forms/inquiry';
import { inquiryBody, type parseInquiry as ParseInquiry } from '~/forms/inquiry.server';

const x = (n: number) => 'x'.repeat(n);
const email = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
const account = { username: 'buyer_1', email: 'buyer@example.com', password: 'secret-1' };

describe('sign-in', () => {
  it('asks for both fields, then holds the login (254) and password (4096) limits', () => {
    expect(signInError({ username: '', password: 'p' })).toBe(A.signInRequired);
    expect(signInError({ username: 'u', password: '' })).toBe(A.signInRequired);
    expect(signInError({ username: x(255), password: 'p' })).toBe(A.loginTooLong);
    expect(signInError({ username: x(254), password: x(4096) })).toBeNull();
    expect(signInError({ username: 'u', password: x(4097) })).toBe(A.signInPasswordTooLong);
  });

  it('reads the form: the name trimmed, the password as typed, a file as nothing', () => {
    const form = new FormData();
    form.append('username', '  buyer ');
    form.append('password', ' pass ');
    expect(signInValues(form)).toEqual({ username: 'buyer', password: ' pass ' });
    const files = new FormData();
    files.append('username', new Blob(['x']));
    expect(signInValues(files)).toEqual({ username: '', password: '' });
  });
});

describe('registration', () => {
  it.each([
    [{ username: '' }, A.registerRequired],
    [{ email: '' }, A.registerRequired],
    [{ password: '' }, A.registerRequired],
    [{ password: x(201) }, A.passwordTooLong],
    [{ email: email(255) }, A.emailTooLong],
    [{ email: 'buyer@@example.com' }, A.invalidEmail],
    [{ email: '@buyer.example.com' }, A.invalidEmail],
    [{ username: x(61) }, A.usernameTooLong],
    [{ username: 'ab' }, A.usernameTooShort],
    [{ username: 'buyer/1' }, A.usernameCharacters],
  ])('refuses %j', (change, sentence) => {
    expect(registerError({ ...account, ...change })).toBe(sentence);
  });

  it('takes every field at its limit', () => {
    expect(registerError({ username: x(60), email: email(254), password: x(200) })).toBeNull();
    expect(registerError({ username: 'abc', email: 'a@b.co', password: '123456' })).toBeNull();
  });
});

describe('inquiry post', () => {
  const form = { carId: '12', name: 'Ann', phone: '+81 90 1234 5678', email: 'ann@example.com' };
  // The module builds its schema on first use and keeps it, so each test loads a copy of its own (a
  // distinct query makes a distinct module; what it imports stays shared): every test here then reads
  // the rules as they are built, and the mutation run credits each one, not only the first to build them.
  let parseInquiry: typeof ParseInquiry;
  let copies = 0;
  beforeEach(async () => {
    copies += 1;
    const copy = `~/forms/inquiry.server?copy=${copies}`;
    ({ parseInquiry } = (await import(/* @vite-ignore */ copy)) as { parseInquiry: typeof ParseInquiry });
  });

  it('reads an empty port as none and shipping as RoRo unless container is named', () => {
    expect(parseInquiry({ ...form, portId: '', shipping: '' })).toMatchObject({ ok: true, data: { portId: undefined, shipping: 'roro' } });
    expect(parseInquiry({ ...form, portId: null, shipping: null })).toMatchObject({
      ok: true,
      data: { portId: undefined, shipping: 'roro' },
    });
    expect(parseInquiry({ ...form, portId: ' 42 ', shipping: 'container' })).toMatchObject({
      ok: true,
      data: { portId: 42, shipping: 'container' },
    });
  });

  it.each([['x42'], ['42x'], ['1e3'], ['0x10'], ['1234567890123456'], ['0'], ['-3'], [[42]]])(
    'refuses the port %j with the port sentence',
    (portId) => {
      expect(parseInquiry({ ...form, portId })).toEqual({
        ok: false,
        message: 'The chosen destination port is not available. Please choose another.',
      });
    },
  );

  it('refuses an unknown shipping with the port sentence', () => {
    expect(parseInquiry({ ...form, shipping: 'air' })).toEqual({
      ok: false,
      message: 'The chosen destination port is not available. Please choose another.',
    });
  });

  it.each([
    ['name', x(101), 'Name must be at most 100 characters long.'],
    ['phone', '1'.repeat(41), 'Phone number must be at most 40 characters long.'],
    ['email', email(255), 'E-mail must be at most 254 characters long.'],
    ['message', x(5001), 'Message must be at most 5000 characters long.'],
    ['name', ['Ann'], 'Name must be text.'],
    ['message', { text: 'hi' }, 'Message must be text.'],
  ])('names the field %s when it is too long or not text', (field, value, message) => {
    expect(parseInquiry({ ...form, [field]: value })).toEqual({ ok: false, message });
  });

  it('refuses an unknown shipping sent to the API with its own sentence', () => {
    const body = { carId: 12, name: 'Ann', phoneNumber: '+81 90 1234 5678', emailAddress: 'ann@example.com' };
    expect(
      inquiryBody()
        .safeParse({ ...body, shipping: 'air' })
        .error?.issues.map((i) => [i.path, i.message]),
    ).toEqual([[['shipping'], 'shipping must be roro or container.']]);
    expect(inquiryBody().safeParse({ ...body, shipping: 'container' }).data).toMatchObject({ shipping: 'container' });
    expect(inquiryBody().safeParse({ ...body, shipping: 'roro', portId: 42 }).data).toMatchObject({ shipping: 'roro', portId: 42 });
  });

  it.each([['42'], [1.5], [0], [2 ** 60]])('refuses the API port %j with its own sentence', (portId) => {
    const body = { carId: 12, name: 'Ann', phoneNumber: '+81 90 1234 5678', emailAddress: 'ann@example.com', portId };
    expect(inquiryBody().safeParse(body).error?.issues[0]).toMatchObject({ path: ['portId'], message: 'portId must be a port id.' });
  });

  it('keeps a message of 5000 characters, trimmed, and drops an empty one', () => {
    expect(parseInquiry({ ...form, message: ` ${x(5000)} ` })).toMatchObject({ ok: true, data: { message: x(5000) } });
    expect(parseInquiry({ ...form, message: '   ' })).toMatchObject({ ok: true, data: { message: undefined } });
  });
});

describe('inquiry form given back after a refusal', () => {
  it('keeps each field as typed, cut at its limit, and a file or nothing as empty', () => {
    expect(inquiryValues({ name: ` ${x(120)}`, phone: ' 12345 ', email: email(300), message: `Hello ${x(5000)}` })).toEqual({
      name: ` ${x(99)}`,
      phone: ' 12345 ',
      email: email(300).slice(0, 254),
      message: `Hello ${x(4994)}`,
    });
    expect(inquiryValues({ name: new Blob(['Ann']), message: ['hi'] })).toEqual({ name: '', phone: '', email: '', message: '' });
  });
});
