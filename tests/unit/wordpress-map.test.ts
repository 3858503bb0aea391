// The mapping from WordPress payloads (real ones, captured in tests/fixtures) to the site's entities,
// with their fallbacks: N/A specs, four default features, images defaulting to the
// single image, prices as display text, session users from login and register.
import { describe, expect, it } from 'vitest';
import car from '../fixtures/graphql-car.json';
import home from '../fixtures/graphql-home.json';
import search from '../fixtures/graphql-search-cars.json';
import favoriteIds from '../fixtures/rest-favorites-ids.json';
import favorites from '../fixtures/rest-favorites-list.json';
import toggle from '../fixtures/rest-favorites-toggle.json';
import login from '../fixtures/rest-login.json';
import register from '../fixtures/rest-register.json';
import {
  DEFAULT_FEATURES,
  buildSpecs,
  mapCarCard,
  mapCarDetail,
  mapCarList,
  mapFilters,
  mapImage,
  mapSiteSettings,
  mapToggle,
  mapVideo,
  userFromLogin,
  userFromRegister,
} from '~/lib/wordpress/map.server';
import * as S from '~/lib/wordpress/schemas.server';
import { fuelTypeLabel, mileageLabel, priceLabel, transmissionLabel } from '~/lib/wordpress/labels';
import { SPEC_LABELS } from '../fixtures/expected';

const detailNode = () => S.carDataSchema.parse(car).car!;

/** A detail node with every optional field empty, as WordPress sends a half-filled car. */
function bareNode() {
  return S.carDetailNodeSchema.parse({
    databaseId: 7,
    saleStatus: 'AVAILABLE',
    title: 'Bare car',
    price: null,
    brand: null,
    model: '',
    year: null,
    mileage: null,
    bodyType: null,
    fuelType: null,
    transmission: null,
    features: [],
    description: '',
    image: null,
    subtitle: null,
    condition: null,
    driveType: null,
    color: null,
    cylinders: null,
    countrySpec: null,
    doors: null,
    seats: null,
    engineSize: null,
    trim: null,
    registered: null,
    history: null,
    stockNumber: null,
    date: '2025-01-01T00:00:00Z',
    images: [],
  });
}

const image = (over: Partial<S.WpImage> = {}): S.WpImage => ({
  id: 1,
  alt: '',
  url: 'https://wp.example/img.jpg',
  width: 1280,
  height: 800,
  // As the plugin sends a JPEG upload: WebP sub-sizes, the original last.
  sizes: [
    { name: 'thumbnail', url: 'https://wp.example/img-150x150.webp', width: 150, height: 150, mimeType: 'image/webp' },
    { name: 'car-thumb', url: 'https://wp.example/img-300x300.webp', width: 300, height: 300, mimeType: 'image/webp' },
    { name: 'medium', url: 'https://wp.example/img-300x188.webp', width: 300, height: 188, mimeType: 'image/webp' },
    { name: 'large', url: 'https://wp.example/img-1024x640.webp', width: 1024, height: 640, mimeType: 'image/webp' },
    { name: 'full', url: 'https://wp.example/img.jpg', width: 1280, height: 800, mimeType: 'image/jpeg' },
  ],
  ...over,
});

describe('labels', () => {
  it('formats prices as the spec shows them', () => {
    expect(priceLabel(45000)).toBe('$45,000');
    expect(priceLabel(1234567)).toBe('$1,234,567');
    expect(priceLabel(null)).toBe('Contact for Price');
    expect(priceLabel(undefined)).toBe('Contact for Price');
  });

  it('gives stored values a display form', () => {
    expect(fuelTypeLabel('premium-petrol')).toBe('Premium Petrol');
    expect(fuelTypeLabel('plug-in-hybrid')).toBe('Plug-in Hybrid');
    expect(fuelTypeLabel('electric')).toBe('Electric');
    expect(fuelTypeLabel('hydrogen-fuel-cell')).toBe('Hydrogen Fuel Cell');
    expect(transmissionLabel('ev')).toBe('Single-Speed (EV)');
    expect(transmissionLabel('automatic')).toBe('Automatic');
    expect(mileageLabel(12000)).toBe('12,000 mi (19,312 km)');
    expect(mileageLabel(0)).toBe('New');
    expect(mileageLabel(null)).toBeNull();
  });
});

describe('car detail', () => {
  it('maps a real car from WordPress', () => {
    const node = detailNode();
    const d = mapCarDetail(node);
    // The fixture is a real answer for the seeded Yangwang U9 (tests/fixtures/graphql-car.json).
    expect(d.id).toBe(2359);
    expect(d.title).toBe('2024 Yangwang U9 Launch Edition');
    expect(d.price).toBe('$233,000');
    expect(d.priceValue).toBe(233000);
    expect(d.brand).toBe('Yangwang');
    expect(d.images.length).toBeGreaterThan(0);
    expect(d.image).toBe(node.image?.url ?? d.images[0]?.url);
    expect(d.specs.map((s) => s.label)).toEqual(SPEC_LABELS);
    const spec = (label: string) => d.specs.find((s) => s.label === label)?.value;
    expect(spec('Make')).toBe('Yangwang');
    expect(spec('Year')).toBe('2024');
    expect(spec('Mileage')).toBe('New');
    expect(spec('Fuel Type')).toBe('Electric');
    expect(spec('Transmission')).toBe('Single-Speed (EV)');
    expect(spec('Cylinders')).toBe('None (electric)');
    expect(d.features).toEqual([
      '360° Camera',
      'Carbon Ceramic Brakes',
      'Launch Control',
      'Track Telemetry',
      'Air Suspension',
      'Heated Front Seats',
      'Premium Sound System',
      'Leather Seats',
      'Head-Up Display',
    ]);
    expect(d.description).toBe(node.description.trim());
  });

  it('builds every spec as N/A when the fields are empty', () => {
    const d = mapCarDetail(bareNode());
    expect(d.specs).toHaveLength(18);
    for (const s of d.specs) expect(s.value, s.label).toBe('N/A');
  });

  it('defaults features to the four of the spec', () => {
    expect(mapCarDetail(bareNode()).features).toEqual(['Air Conditioning', 'Bluetooth', 'Navigation System', 'Parking Sensors']);
    const blank = { ...bareNode(), features: ['  ', ''] };
    expect(mapCarDetail(blank).features).toEqual([...DEFAULT_FEATURES]);
  });

  it('defaults the gallery to the single image, and has no image at all when there is none', () => {
    const none = mapCarDetail(bareNode());
    expect(none.image).toBeNull();
    expect(none.images).toEqual([]);
    const one = mapCarDetail({ ...bareNode(), image: image() });
    expect(one.images).toHaveLength(1);
    expect(one.images[0]!.url).toBe('https://wp.example/img.jpg');
    expect(one.image).toBe('https://wp.example/img.jpg');
  });

  it('prices a car without price as Contact for Price', () => {
    const d = mapCarDetail(bareNode());
    expect(d.price).toBe('Contact for Price');
    expect(d.priceValue).toBeNull();
  });

  it('shows an electric car as having no cylinders', () => {
    const specs = buildSpecs({ ...bareNode(), cylinders: 0, fuelType: 'electric' });
    expect(specs.find((s) => s.label === 'Cylinders')?.value).toBe('None (electric)');
    const v6 = buildSpecs({ ...bareNode(), cylinders: 6, fuelType: 'petrol' });
    expect(v6.find((s) => s.label === 'Cylinders')?.value).toBe('6');
  });
});

describe('images', () => {
  it('uses the 300x300 crop as thumbnail and keeps only same-shape sizes for srcset, smallest first', () => {
    const m = mapImage(image(), 'A car');
    expect(m.thumb).toEqual({ url: 'https://wp.example/img-300x300.webp', width: 300, height: 300 });
    expect(m.alt).toBe('A car');
  });

  it('offers the WebP sizes of one shape for srcset, not the JPEG original', () => {
    const m = mapImage(image(), 'A car');
    expect(m.sizes).toEqual([
      { url: 'https://wp.example/img-300x188.webp', width: 300, height: 188 },
      { url: 'https://wp.example/img-1024x640.webp', width: 1024, height: 640 },
    ]);
    expect(m.avif).toEqual([]);
  });

  it('keeps the original in the list when the sub-sizes share its format (made before WebP)', () => {
    const jpeg = image({
      sizes: [
        { name: 'car-thumb', url: 'https://wp.example/img-300x300.jpg', width: 300, height: 300, mimeType: 'image/jpeg' },
        { name: 'large', url: 'https://wp.example/img-1024x640.jpg', width: 1024, height: 640, mimeType: 'image/jpeg' },
        { name: 'full', url: 'https://wp.example/img.jpg', width: 1280, height: 800, mimeType: 'image/jpeg' },
      ],
    });
    expect(mapImage(jpeg, 'x').sizes.map((s) => s.url)).toEqual(['https://wp.example/img-1024x640.jpg', 'https://wp.example/img.jpg']);
  });

  it('lists AVIF copies apart, for a <picture> source, and never as the thumbnail', () => {
    const base = image();
    const withAvif = image({
      sizes: [
        ...base.sizes.slice(0, 4),
        { name: 'large', url: 'https://wp.example/img-1024x640.avif', width: 1024, height: 640, mimeType: 'image/avif' },
        { name: 'car-thumb', url: 'https://wp.example/img-300x300.avif', width: 300, height: 300, mimeType: 'image/avif' },
        base.sizes[4]!,
      ],
    });
    const m = mapImage(withAvif, 'x');
    expect(m.sizes.map((s) => s.url)).toEqual(['https://wp.example/img-300x188.webp', 'https://wp.example/img-1024x640.webp']);
    expect(m.avif).toEqual([{ url: 'https://wp.example/img-1024x640.avif', width: 1024, height: 640 }]);
    expect(m.thumb.url).toBe('https://wp.example/img-300x300.webp');
  });

  const webp = (name: string, width: number, height: number) => ({
    name,
    url: `https://wp.example/img-${name}-${width}x${height}.webp`,
    width,
    height,
    mimeType: 'image/webp',
  });
  const original = { name: 'full', url: 'https://wp.example/img.jpg', width: 1280, height: 800, mimeType: 'image/jpeg' };
  const avifLarge = { name: 'large', url: 'https://wp.example/img-1024x640.avif', width: 1024, height: 640, mimeType: 'image/avif' };

  it('lists the srcset smallest first whatever order WordPress sent, keeping sizes within 2 % of the shape', () => {
    const m = mapImage(
      image({ sizes: [original, webp('large', 1024, 640), webp('wide', 1300, 800), webp('odd', 800, 480), webp('medium', 300, 188)] }),
      'x',
    );
    // 1300×800 is 1.6 % off the 1280×800 shape: kept; 800×480 is 4 % off: left out.
    expect(m.sizes.map((s) => s.width)).toEqual([300, 1024, 1300]);
  });

  it('builds the WebP list, not the original’s format, when the original or an AVIF copy comes first', () => {
    const m = mapImage(image({ sizes: [avifLarge, original, webp('car-thumb', 300, 300), webp('large', 1024, 640)] }), 'x');
    expect(m.sizes.map((s) => s.url)).toEqual(['https://wp.example/img-large-1024x640.webp']);
    expect(m.avif.map((s) => s.url)).toEqual([avifLarge.url]);
    // The AVIF 300×300 copy listed first is never the thumbnail: not every browser shows AVIF in an <img>.
    const thumbs = mapImage(
      image({
        sizes: [{ ...webp('car-thumb', 300, 300), url: 'https://wp.example/t.avif', mimeType: 'image/avif' }, webp('car-thumb', 300, 300)],
      }),
      'x',
    );
    expect(thumbs.thumb.url).toBe('https://wp.example/img-car-thumb-300x300.webp');
  });

  it('keeps every size of an upload whose shape is unknown, but never one without dimensions', () => {
    const m = mapImage(
      image({
        width: 0,
        height: 0,
        sizes: [webp('large', 1024, 640), webp('medium', 300, 300), webp('bad', 0, 640), webp('worse', 1024, 0)],
      }),
      'x',
    );
    expect(m.sizes.map((s) => s.url)).toEqual(['https://wp.example/img-medium-300x300.webp', 'https://wp.example/img-large-1024x640.webp']);
  });

  it('uses WordPress’s own thumbnail when the 300×300 crop was not made', () => {
    expect(mapImage(image({ sizes: [webp('thumbnail', 150, 150), original] }), 'x').thumb).toEqual({
      url: 'https://wp.example/img-thumbnail-150x150.webp',
      width: 150,
      height: 150,
    });
  });

  it('reads blank alt text as none', () => {
    expect(mapImage(image({ alt: '   ' }), 'A car').alt).toBe('A car');
    expect(mapImage(image({ alt: ' Front view ' }), 'A car').alt).toBe('Front view');
  });

  it('keeps alt text staff wrote', () => {
    expect(mapImage(image({ alt: 'Front view' }), 'A car').alt).toBe('Front view');
  });

  it('falls back to the full image when no crop was made', () => {
    const m = mapImage(image({ sizes: [] }), 'x');
    expect(m.thumb.url).toBe('https://wp.example/img.jpg');
    expect(m.sizes).toEqual([{ url: 'https://wp.example/img.jpg', width: 1280, height: 800 }]);
  });
});

describe('a car page', () => {
  it('describes each gallery photo without alt text by the car and its place, and shows the gallery over the single image', () => {
    const node = {
      ...bareNode(),
      image: image({ url: 'https://wp.example/main.jpg' }),
      images: [image(), image({ url: 'https://wp.example/b.jpg', sizes: [] })],
    };
    const detail = mapCarDetail(node);
    expect(detail.images.map((i) => [i.url, i.alt])).toEqual([
      ['https://wp.example/img.jpg', 'Bare car, photo 1'],
      ['https://wp.example/b.jpg', 'Bare car, photo 2'],
    ]);
    expect(detail.image).toBe('https://wp.example/main.jpg');
  });

  it('trims the description and the specifications, and says N/A or the cylinders as they are', () => {
    const detail = mapCarDetail({ ...bareNode(), description: '  <p>Clean</p>\n', color: ' Red ', cylinders: 0, fuelType: 'petrol' });
    expect(detail.description).toBe('<p>Clean</p>');
    expect(detail.specs.find((s) => s.label === 'Color')?.value).toBe('Red');
    expect(detail.specs.find((s) => s.label === 'Cylinders')?.value).toBe('0');
    expect(mapCarDetail(bareNode()).specs.find((s) => s.label === 'Cylinders')?.value).toBe('N/A');
  });
});

describe('lists', () => {
  it('maps a page of search results', () => {
    const data = S.searchCarsDataSchema.parse(search);
    const r = mapCarList(data.cars);
    // A real answer: page 1 of the 72 seeded cars, 3 per page, most expensive first.
    expect(r).toMatchObject({ total: 72, limit: 3, page: 1, totalPages: 24 });
    expect(r.cars).toHaveLength(3);
    expect(r.cars[0]).toMatchObject({
      id: 2359,
      title: '2024 Yangwang U9 Launch Edition',
      price: '$233,000',
      fuelType: 'electric',
      bodyType: 'Sports Car',
      transmission: 'ev',
      all_fields: { year: 2024, make: 'Yangwang', model: 'U9', mileage: 0 },
    });
  });

  it('gives a card without an image a null image (the UI shows its placeholder)', () => {
    const node = S.carCardNodeSchema.parse({ ...bareNode(), image: null });
    const c = mapCarCard(node);
    expect(c.image).toBeNull();
    expect(c.featured_image).toBeNull();
    expect(c.price).toBe('Contact for Price');
  });

  it('uses the large size as the card image', () => {
    const node = S.carCardNodeSchema.parse({ ...bareNode(), image: image() });
    expect(mapCarCard(node).image).toBe('https://wp.example/img-1024x640.webp');
  });

  it('maps the home page query: featured, filters, videos, settings', () => {
    const data = S.homeDataSchema.parse(home);
    // The featured cars WordPress sent, in its order, each with its price as display text.
    expect(data.featuredCars.map(mapCarCard).map((c) => [c.id, c.title, c.price, c.priceValue])).toEqual([
      [2016, '2024 BYD Seal Performance AWD', '$38,900', 38900],
      [2174, '2023 Great Wall Tank 300 Frontier', '$39,900', 39900],
      [2186, '2023 Changan CS75 Plus Flagship', '$22,800', 22800],
      [2250, '2024 XPeng G6 Long Range', '$31,900', 31900],
    ]);
    const f = mapFilters(data.carFilters);
    expect(Object.keys(f).sort()).toEqual([
      'bodyTypes',
      'brands',
      'driveTypes',
      'fuelTypes',
      'models',
      'priceRange',
      'transmissions',
      'years',
    ]);
    expect(f.years.every((y) => Number.isInteger(y))).toBe(true);
    const videos = data.videos.map(mapVideo);
    expect(videos.map((v) => [v.id, v.duration])).toEqual([
      ['2416', 7],
      ['2419', 8],
      ['2422', 6],
      ['2425', 7],
    ]);
    expect(videos[0]).toMatchObject({
      title: 'BYD Seal 2024 walkaround',
      videoUrl: 'http://127.0.0.1:8080/wp-content/uploads/2026/11/byd-seal-2024-walkaround.mp4',
    });
    // The contact details as staff entered them; the WeChat QR at its medium size (246x300), not the full PNG.
    expect(mapSiteSettings(data.siteSettings)).toEqual({
      phone: '+86 22 5866 0188',
      whatsapp: '+86 139 2050 8816',
      email: 'sales@carexport.example',
      address: 'Room 1806, Binhai Trade Tower, 88 Xingang Road, Binhai New Area, Tianjin 300456, China',
      wechatQr: 'http://127.0.0.1:8080/wp-content/uploads/2026/11/wechat-qr-246x300.webp',
    });
  });

  it('picks each picture’s size by its name, else the next size down, else the upload itself', () => {
    const data = S.homeDataSchema.parse(home);
    const video = data.videos[0]!;
    const large = { name: 'large', url: 'https://wp.example/v-1024.webp', width: 1024, height: 576, mimeType: 'image/webp' };
    expect(mapVideo({ ...video, thumbnail: image({ sizes: [large] }) }).thumbnail).toBe(large.url);
    expect(mapVideo({ ...video, thumbnail: image({ sizes: [] }) }).thumbnail).toBe('https://wp.example/img.jpg');
    const crop = { name: 'car-thumb', url: 'https://wp.example/qr-300x300.webp', width: 300, height: 300, mimeType: 'image/webp' };
    expect(mapSiteSettings({ ...data.siteSettings, wechatQr: image({ sizes: [crop] }) }).wechatQr).toBe(crop.url);
    expect(mapSiteSettings({ ...data.siteSettings, wechatQr: image({ sizes: [] }) }).wechatQr).toBe('https://wp.example/img.jpg');
    // A card's picture is the large size, or the upload when WordPress made none.
    expect(mapCarCard({ ...bareNode(), image: image({ sizes: [] }) }).image).toBe('https://wp.example/img.jpg');
  });

  it('ignores fields it does not know', () => {
    const withExtra = { ...S.carCardNodeSchema.parse({ ...bareNode() }), somethingNew: 1 };
    expect(() => S.carCardNodeSchema.parse(withExtra)).not.toThrow();
  });
});

describe('favourites', () => {
  it("reads the REST favourites list with the catalogue's own car schema and card mapping", () => {
    const data = S.favoritesListSchema.parse(favorites);
    expect(data.success).toBe(true);
    expect(data.favorites.length).toBeGreaterThan(0);
    type RawCard = {
      databaseId: number;
      title: string;
      description: string;
      features: string[];
      price: number | null;
      priceText: string;
      year: number;
      brand: string;
      model: string;
      mileage: number;
      image: { url: string; width: number; height: number };
    };
    const raw = (favorites as unknown as { favorites: RawCard[] }).favorites[0]!;
    const card = mapCarCard(data.favorites[0]!);
    // A favourite carries every field a catalogue card shows, read from the REST answer itself.
    expect(card).toMatchObject({
      id: 773,
      saleStatus: 'available',
      title: '2024 Yangwang U9 Launch Edition',
      price: '$233,000',
      priceValue: 233000,
      fuelType: 'electric',
      bodyType: 'Sports Car',
      transmission: 'ev',
      features: raw.features,
      description: raw.description,
      all_fields: { year: 2024, make: 'Yangwang', model: 'U9', mileage: 0 },
    });
    expect(card.features).toHaveLength(9);
    // Real picture data now (size, alt text, the 300x300 thumb), not only two URLs.
    expect(card.featured_image).toMatchObject({ url: raw.image.url, width: raw.image.width, height: raw.image.height });
    expect(card.featured_image?.thumb.url).toContain('300x300');
    expect(card.image).toContain('1024x');
  });

  it('reads the ids-only favourites list', () => {
    const data = S.favoriteIdsSchema.parse(favoriteIds);
    expect(data.favorites).toEqual([(favorites as { favorites: Array<{ databaseId: number }> }).favorites[0]!.databaseId]);
    expect(() => S.favoriteIdsSchema.parse(favorites)).toThrow();
  });

  it('maps a toggle answer', () => {
    const t = mapToggle(S.favoriteToggleSchema.parse(toggle));
    expect(t.success).toBe(true);
    expect(t.message).toBe('Car added to favorites.');
    expect(t.favorites.length).toBeGreaterThan(0);
  });
});

describe('session users', () => {
  it('from login: nicename, e-mail, display name, and the id from the token', () => {
    const res = S.loginResponseSchema.parse(login);
    expect(userFromLogin(res, 42)).toEqual({
      id: 42,
      username: res.user_nicename,
      email: res.user_email,
      displayName: res.user_display_name,
    });
    expect(userFromLogin(res, null).id).toBe(0);
  });

  it('from register: user_id, and the username as display name', () => {
    const res = S.registerResponseSchema.parse(register);
    expect(userFromRegister(res)).toEqual({ id: res.user_id, username: res.username, email: res.email, displayName: res.username });
  });
});
