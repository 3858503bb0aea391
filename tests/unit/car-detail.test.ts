// Pure pieces of the car page: the contact links, the inquiry form's schema, the Car JSON-LD and the
// Seller Note sanitiser.
import { describe, expect, it } from 'vitest';
import { telHref, whatsAppHref, whatsAppMessage } from '~/routes/car.$id/contact-links';
import { sanitizeSellerNote } from '~/lib/html/sanitize.server';
import { serializeJsonLd } from '~/lib/seo/jsonld';
import { carJsonLd, carMetaDescription, htmlToText, truncate } from '~/lib/seo/car-structured-data';
import { inquiryValues, INQUIRY_MESSAGES } from '~/forms/inquiry';
import { parseInquiry } from '~/forms/inquiry.server';
import { CAR_ID_MESSAGES } from '~/forms/car-id.server';
import type { CarDetail } from '~/lib/wordpress/types';

describe('WhatsApp link', () => {
  const message = whatsAppMessage({ title: '2024 BYD Seal Performance AWD', price: '$38,900' }, 'https://cars.example/car/2016');

  it('holds the title, the price and the page link', () => {
    expect(message).toContain('2024 BYD Seal Performance AWD');
    expect(message).toContain('$38,900');
    expect(message).toContain('https://cars.example/car/2016');
  });

  it('goes to wa.me with the number as digits and the message encoded', () => {
    const href = whatsAppHref('+86 139 2050-8816', message);
    expect(href).toBe(`https://wa.me/8613920508816?text=${encodeURIComponent(message)}`);
    const url = new URL(href!);
    expect(url.searchParams.get('text')).toBe(message);
  });

  it('is absent without a usable number', () => {
    expect(whatsAppHref('', message)).toBeNull();
    expect(whatsAppHref(null, message)).toBeNull();
    expect(whatsAppHref('n/a', message)).toBeNull();
  });
});

describe('telephone link', () => {
  it('keeps a leading + and drops separators', () => {
    expect(telHref('+86 22 5866 0188')).toBe('tel:+862258660188');
    expect(telHref('(022) 5866-0188')).toBe('tel:02258660188');
    expect(telHref('')).toBeNull();
  });
});

describe('inquiry schema', () => {
  const good = { carId: '2016', name: ' Ada ', phone: '+44 20 7946 0958', email: 'ada@example.com', message: '' };

  it('accepts the form and trims; an empty message is left out', () => {
    const r = parseInquiry(good);
    expect(r).toEqual({
      ok: true,
      data: {
        carId: 2016,
        name: 'Ada',
        phone: '+44 20 7946 0958',
        email: 'ada@example.com',
        message: undefined,
        portId: undefined,
        shipping: 'roro',
      },
    });
  });

  it('carries the chosen destination port and shipping method, and refuses a malformed one', () => {
    const r = parseInquiry({ ...good, portId: '430', shipping: 'container' });
    expect(r).toMatchObject({ ok: true, data: { portId: 430, shipping: 'container' } });
    expect(parseInquiry({ ...good, portId: 'lagos' })).toEqual({ ok: false, message: INQUIRY_MESSAGES.portInvalid });
    expect(parseInquiry({ ...good, portId: '0' })).toEqual({ ok: false, message: INQUIRY_MESSAGES.portInvalid });
    expect(parseInquiry({ ...good, portId: '430', shipping: 'air' })).toEqual({ ok: false, message: INQUIRY_MESSAGES.portInvalid });
  });

  it('says "Car ID is missing." first when there is no car id', () => {
    expect(parseInquiry({ ...good, carId: undefined, name: '' })).toEqual({ ok: false, message: 'Car ID is missing.' });
    expect(parseInquiry({ ...good, carId: '' })).toEqual({ ok: false, message: 'Car ID is missing.' });
    expect(parseInquiry({ ...good, carId: '0' })).toEqual({ ok: false, message: 'Car ID is missing.' });
    expect(parseInquiry({ ...good, carId: 'abc' })).toEqual({ ok: false, message: CAR_ID_MESSAGES.invalid });
  });

  it('requires name, phone and email, in that order', () => {
    expect(parseInquiry({ ...good, name: '   ', phone: '' })).toEqual({ ok: false, message: 'Please enter your name.' });
    expect(parseInquiry({ ...good, phone: '' })).toEqual({ ok: false, message: 'Please enter your phone number.' });
    expect(parseInquiry({ ...good, email: '' })).toEqual({ ok: false, message: 'Please enter your e-mail address.' });
  });

  it('checks the e-mail format and the phone like WordPress does', () => {
    expect(parseInquiry({ ...good, email: 'not-an-email' })).toEqual({ ok: false, message: 'Please enter a valid e-mail address.' });
    expect(parseInquiry({ ...good, phone: 'call me' })).toEqual({ ok: false, message: 'Please enter a valid phone number.' });
    expect(parseInquiry({ ...good, phone: '123' })).toEqual({ ok: false, message: 'Please enter a valid phone number.' });
  });

  it('takes a phone of digits, spaces, + - ( ) with at least five digits, and refuses letters among enough digits', () => {
    for (const phone of ['+86 138 0013 8000', '(555) 123-4567', '+44 20 7946 0958', '12345']) {
      expect(parseInquiry({ ...good, phone }), phone).toMatchObject({ ok: true, data: { phone } });
    }
    // Dots and slashes are not separators WordPress keeps: the same refusal on both tiers.
    for (const phone of [
      '+86 CALL 138 0013',
      '+1 800 FLOWERS 1',
      '138 0013 8000 ext 12',
      '+86 138 0013 8000;',
      '1234',
      '+(1) 2-3',
      '555.123.4567',
      '+44 20/7946 0958',
    ]) {
      expect(parseInquiry({ ...good, phone }), phone).toEqual({ ok: false, message: INQUIRY_MESSAGES.phoneInvalid });
    }
  });

  it('limits the lengths', () => {
    expect(parseInquiry({ ...good, name: 'x'.repeat(101) }).ok).toBe(false);
    expect(parseInquiry({ ...good, message: 'x'.repeat(5001) }).ok).toBe(false);
    expect(parseInquiry({ ...good, message: 'x'.repeat(5000) }).ok).toBe(true);
  });

  it('gives back the visitor values as typed, for the refused form', () => {
    expect(inquiryValues({ ...good, extra: 'x' })).toEqual({
      name: ' Ada ',
      phone: '+44 20 7946 0958',
      email: 'ada@example.com',
      message: '',
    });
    expect(inquiryValues({})).toEqual({ name: '', phone: '', email: '', message: '' });
  });
});

const car: CarDetail = {
  id: 2016,
  title: '2024 BYD Seal Performance AWD',
  subtitle: '',
  price: '$38,900',
  priceValue: 38900,
  brand: 'BYD',
  model: 'Seal',
  image: 'https://wp.example/1.jpg',
  images: [
    {
      url: 'https://wp.example/1.jpg',
      alt: '',
      width: 1280,
      height: 800,
      thumb: { url: 'https://wp.example/1-300.jpg', width: 300, height: 300 },
      sizes: [],
      avif: [],
    },
    {
      url: 'https://wp.example/2.jpg',
      alt: '',
      width: 1280,
      height: 800,
      thumb: { url: 'https://wp.example/2-300.jpg', width: 300, height: 300 },
      sizes: [],
      avif: [],
    },
  ],
  specs: [
    { label: 'Year', value: '2024' },
    { label: 'Mileage', value: '1,200 mi' },
    { label: 'Fuel Type', value: 'Electric' },
    { label: 'Transmission', value: 'N/A' },
  ],
  features: [],
  condition: 'Used',
  bodyType: 'Sedan',
  year: 2024,
  mileage: 1200,
  transmission: 'ev',
  color: '',
  fuelType: 'electric',
  driveType: 'AWD',
  cylinders: 0,
  countrySpec: '',
  doors: 4,
  seats: 5,
  engineSize: '',
  trim: '',
  registered: '',
  history: '',
  stockNumber: '',
  description: '<p>Nice</p>',
  date: '2025-01-01',
  saleStatus: 'available',
  similar: [],
};

describe('Car JSON-LD', () => {
  it('describes a schema.org Car with an Offer in USD', () => {
    const ld = carJsonLd(car, 'https://cars.example/car/2016', 'Nice car.');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Car',
      name: car.title,
      description: 'Nice car.',
      url: 'https://cars.example/car/2016',
      image: ['https://wp.example/1.jpg', 'https://wp.example/2.jpg'],
      brand: { '@type': 'Brand', name: 'BYD' },
      model: 'Seal',
      vehicleModelDate: '2024',
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 1200, unitCode: 'SMI' },
      fuelType: 'Electric',
      bodyType: 'Sedan',
      itemCondition: 'https://schema.org/UsedCondition',
      offers: {
        '@type': 'Offer',
        price: 38900,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: 'https://cars.example/car/2016',
      },
    });
  });

  it('leaves the price out for Contact for Price', () => {
    const ld = carJsonLd({ ...car, price: 'Contact for Price', priceValue: null }, 'https://x/car/1', '');
    expect(ld.offers).not.toHaveProperty('price');
    expect(ld.offers).toMatchObject({ priceCurrency: 'USD' });
    // Without a note, the description comes from the specifications.
    expect(ld.description).toContain(car.title);
  });

  it('offers a car by its sale status: in stock, reserved, sold out', () => {
    const availability = (saleStatus: CarDetail['saleStatus']) =>
      (carJsonLd({ ...car, saleStatus }, 'https://x/car/1', '').offers as { availability: string }).availability;
    expect(availability('available')).toBe('https://schema.org/InStock');
    expect(availability('reserved')).toBe('https://schema.org/Reserved');
    expect(availability('sold')).toBe('https://schema.org/SoldOut');
  });

  it('escapes "<" so the JSON cannot close its script element', () => {
    const text = serializeJsonLd(carJsonLd({ ...car, title: 'Evil </script><script>alert(1)</script>' }, 'https://x/car/1', ''));
    expect(text).not.toContain('<');
    expect(JSON.parse(text).name).toBe('Evil </script><script>alert(1)</script>');
  });
});

describe('plain text and descriptions', () => {
  it('turns HTML into one line of text', () => {
    expect(htmlToText('<p>Fast &amp; <strong>quiet</strong></p>\n<ul><li>82.5&nbsp;kWh</li></ul><script>x()</script>')).toBe(
      'Fast & quiet 82.5 kWh',
    );
    expect(htmlToText('&#8211; &#x2014; &lt;b&gt;')).toBe('– — <b>');
  });

  it('cuts at a word with an ellipsis', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('the quick brown fox jumps', 12)).toBe('the quick…');
  });

  it('builds the meta description from the specifications, skipping N/A', () => {
    const d = carMetaDescription(car);
    expect(d).toBe('2024 BYD Seal Performance AWD for export: 2024, 1,200 mi, Electric. $38,900. Shipped from China to 40+ countries.');
    expect(d.length).toBeLessThanOrEqual(160);
  });
});

describe('Seller Note sanitiser', () => {
  it('keeps formatting and drops scripts, styles, iframes and event handlers', () => {
    const html = sanitizeSellerNote(
      '<p style="color:red" onclick="steal()">Hello <strong>buyer</strong></p><script>alert(1)</script>' +
        '<style>body{display:none}</style><iframe src="https://evil.example"></iframe>' +
        '<img src="https://wp.example/a.jpg" onerror="steal()"><a href="javascript:steal()">x</a>' +
        '<a href="https://maps.example/port">Port</a>',
    );
    expect(html).toContain('<strong>buyer</strong>');
    expect(html).not.toMatch(/script|style|iframe|onclick|onerror|javascript:|steal/i);
    expect(html).toContain('<img src="https://wp.example/a.jpg"');
    expect(html).toContain('href="https://maps.example/port"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it('is empty when nothing visible remains', () => {
    expect(sanitizeSellerNote('')).toBe('');
    expect(sanitizeSellerNote('   ')).toBe('');
    expect(sanitizeSellerNote('<p>&nbsp;</p><script>alert(1)</script>')).toBe('');
  });

  it('does not leave its link rule on the shared sanitiser', async () => {
    sanitizeSellerNote('<a href="https://x.example">x</a>');
    const { default: DOMPurify } = await import('isomorphic-dompurify');
    expect(DOMPurify.sanitize('<a href="https://x.example">x</a>')).toBe('<a href="https://x.example">x</a>');
  });
});
