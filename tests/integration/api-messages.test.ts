// Contact messages and car inquiries through the site's /api: validated with the
// forms' wording, delivered to WordPress with the visitor's address, browser and advertising ids
// (X-Ad-* headers or the ad cookies), and limited per visitor, not per site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteStoredMessages, randomIp, storedMessages } from './support/local';
import { createCar, deleteCar, unique } from './support/wordpress';
import { site } from './support/site';
import { CONTACT_SENT, INQUIRY_SENT, MISSING_CONTACT_FIELDS, senderAddresses } from './support/leads';

const senders = senderAddresses('apisender');
const sender = senders.next;
let car: number;

beforeAll(async () => {
  car = await createCar({ title: unique('QA API Inquiry car'), _car_brand: 'Chery', _car_price: 21000 });
});

afterAll(async () => {
  deleteStoredMessages(senders.used);
  if (car) await deleteCar(car);
});

describe('POST /api/contact', () => {
  it('delivers the message with the visitor address, browser and ad ids from X-Ad-* headers', async () => {
    const email = sender();
    const ip = randomIp();
    const res = await site('/api/contact', {
      method: 'POST',
      ip,
      headers: {
        'User-Agent': 'QA-Agent/2.0 (api test)',
        'X-Ad-Fbp': 'fb.1.1700000000000.1234567890',
        'X-Ad-Fbc': 'fb.1.1700000000000.IwAR0abc',
        'X-Ad-Gclid': 'Cj0KCQiAgclid',
        'X-Ad-Ttp': 'ttp-abc_123',
      },
      body: { firstName: 'Ada', lastName: 'Lovelace', email, phoneNumber: '+1 555 010 2030', message: 'Hello from the API.' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: CONTACT_SENT });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const [stored] = storedMessages(email);
    expect(stored?.type).toBe('contact_message');
    expect(stored?.content).toBe('Hello from the API.');
    expect(stored?.meta).toMatchObject({
      _message_first_name: 'Ada',
      _message_last_name: 'Lovelace',
      _message_phone: '+1 555 010 2030',
      _message_ip: ip,
      _message_user_agent: 'QA-Agent/2.0 (api test)',
      _message_ad_fbp: 'fb.1.1700000000000.1234567890',
      _message_ad_fbc: 'fb.1.1700000000000.IwAR0abc',
      _message_ad_gclid: 'Cj0KCQiAgclid',
      _message_ad_ttp: 'ttp-abc_123',
    });
  });

  it('reads the ad ids from the browser cookies when no header is sent', async () => {
    const email = sender();
    const res = await site('/api/contact', {
      method: 'POST',
      headers: { Cookie: '_fbp=fb.1.1.cookiefbp; _gcl_aw=GCL.1700000000.CookieGclid; _ttp=cookiettp' },
      body: { firstName: 'Cookie', lastName: 'Monster', email },
    });
    expect(res.status).toBe(201);
    expect(storedMessages(email)[0]?.meta).toMatchObject({
      _message_ad_fbp: 'fb.1.1.cookiefbp',
      _message_ad_gclid: 'CookieGclid',
      _message_ad_ttp: 'cookiettp',
    });
  });

  it.each([
    [{ lastName: 'L', email: 'a@example.com' }],
    [{ firstName: ' ', lastName: 'L', email: 'a@example.com' }],
    [{ firstName: 'F', lastName: 'L' }],
  ])('refuses %j with the form message', async (body) => {
    const res = await site('/api/contact', { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MISSING_CONTACT_FIELDS });
  });

  it('refuses a bad e-mail, a bad phone (WordPress check), malformed and oversized bodies, GET', async () => {
    const bad = await site('/api/contact', { method: 'POST', body: { firstName: 'F', lastName: 'L', email: 'nope' } });
    expect(bad.body).toEqual({ message: 'Please enter a valid e-mail address.' });
    const phone = await site('/api/contact', {
      method: 'POST',
      body: { firstName: 'F', lastName: 'L', email: sender(), phoneNumber: 'call me' },
    });
    expect(phone.status).toBe(400);
    expect(phone.body).toEqual({ message: 'Please enter a valid phone number.' });
    expect((await site('/api/contact', { method: 'POST', raw: '{oops' })).status).toBe(400);
    const big = await site('/api/contact', {
      method: 'POST',
      body: { firstName: 'F', lastName: 'L', email: sender(), message: 'x'.repeat(17000) },
    });
    expect(big.status).toBe(413);
    expect((await site('/api/contact')).status).toBe(405);
  });

  it('limits each visitor to 5 a minute, without blocking other visitors', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await site('/api/contact', { method: 'POST', ip, body: { firstName: 'Flood', lastName: `N${i}`, email: sender() } })).status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const other = await site('/api/contact', { method: 'POST', body: { firstName: 'Other', lastName: 'Visitor', email: sender() } });
    expect(other.status).toBe(201);
  });
});

describe('POST /api/inquiry', () => {
  it('delivers the inquiry about the car with the ad ids', async () => {
    const email = sender();
    const ip = randomIp();
    const res = await site('/api/inquiry', {
      method: 'POST',
      ip,
      headers: { 'X-Ad-Gclid': 'Cj0inquiry', Cookie: '_fbp=fb.1.2.inquiryfbp' },
      body: { name: 'Grace Hopper', phoneNumber: '+44 20 7946 0000', emailAddress: email, carId: car, message: 'Still available?' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: INQUIRY_SENT });
    const [stored] = storedMessages(email);
    expect(stored?.type).toBe('car_inquiry');
    expect(stored?.meta).toMatchObject({
      _inquiry_car_id: String(car),
      _message_name: 'Grace Hopper',
      _message_phone: '+44 20 7946 0000',
      _message_ip: ip,
      _message_ad_gclid: 'Cj0inquiry',
      _message_ad_fbp: 'fb.1.2.inquiryfbp',
    });
  });

  it('takes the car id as a string too, and the message is optional', async () => {
    const res = await site('/api/inquiry', {
      method: 'POST',
      body: { name: 'N', phoneNumber: '12345', emailAddress: sender(), carId: String(car) },
    });
    expect(res.status).toBe(201);
  });

  it.each([
    [{ name: 'N', phoneNumber: '12345', emailAddress: 'a@example.com' }, 400, 'Car ID is missing.'],
    [{ carId: 0, name: 'N', phoneNumber: '12345', emailAddress: 'a@example.com' }, 400, 'Car ID is missing.'],
    [{ carId: 'x', name: 'N', phoneNumber: '12345', emailAddress: 'a@example.com' }, 400, 'Car ID is invalid.'],
    [{ carId: 999999999, name: 'N', phoneNumber: '12345', emailAddress: 'a@example.com' }, 404, 'The requested car could not be found.'],
    [{ carId: 1, phoneNumber: '12345', emailAddress: 'a@example.com' }, 400, 'Please enter your name.'],
    [{ carId: 1, name: 'N', emailAddress: 'a@example.com' }, 400, 'Please enter your phone number.'],
    [{ carId: 1, name: 'N', phoneNumber: '12345' }, 400, 'Please enter your e-mail address.'],
  ])('refuses %j', async (body, status, message) => {
    const res = await site('/api/inquiry', { method: 'POST', body });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message });
  });
});
