// The WordPress payloads besides cars and the home page, parsed as the client parses them and mapped:
// the ports a car page prices shipping to (sea and overland), the news index, a buyer's saved
// searches, the explore filters' counts per option, and the cards built from car details (favourites,
// the cars API); with the srcset's shape rule at exactly 2 %, the search filters' price range and a
// video's poster size.
import { describe, expect, it } from 'vitest';
import car from '../fixtures/graphql-car.json';
import home from '../fixtures/graphql-home.json';
import newsPost from '../fixtures/graphql-news-post.json';
import {
  cardFromDetail,
  mapCarDetail,
  mapFilterFacets,
  mapFilters,
  mapImage,
  mapNewsSummary,
  mapPort,
  mapSavedSearches,
  mapVideo,
} from '~/lib/wordpress/map.server';
import * as S from '~/lib/wordpress/schemas.server';

describe('ports', () => {
  it('maps sea ports and the overland one with their freight, insurance, transit time and route', () => {
    const mombasa = {
      name: 'Mombasa',
      country: 'Kenya',
      roroFreight: 1450,
      containerFreight: 1950,
      insuranceRate: 1.2,
      transitDays: 28,
    };
    const almaty = {
      name: 'Almaty (overland via Khorgos)',
      country: 'Kazakhstan',
      roroFreight: 1500,
      containerFreight: 1700,
      insuranceRate: 1,
      transitDays: 18,
    };
    // As the plugin's `ports` query answers (insurance as a float, the route in lower case).
    const data = S.portsDataSchema.parse({
      ports: [
        { databaseId: 31, ...mombasa, route: 'sea' },
        { databaseId: 38, ...almaty, route: 'overland' },
      ],
    });
    expect(data.ports.map(mapPort)).toEqual([
      { id: 31, ...mombasa, route: 'sea' },
      { id: 38, ...almaty, route: 'overland' },
    ]);
  });
});

describe('news index', () => {
  // The index asks for a post's summary fields only: the captured post, read with the index's schema.
  const node = S.newsIndexNodeSchema.parse(S.newsPostDataSchema.parse(newsPost).newsPost);

  it('maps a post to its summary: slug, title, excerpt, date, categories and the picture', () => {
    const summary = mapNewsSummary(node);
    expect(summary).toMatchObject({
      slug: 'yangwang-u9-track-edition',
      title: "Yangwang U9 Track Edition: BYD's Electric Hypercar Gets Serious About Lap Times",
      excerpt:
        "A lighter, wing-equipped version of the Yangwang U9 brings a 1,200-volt powertrain and circuit-tuned suspension to BYD's flagship hypercar.",
      date: '2025-08-12T09:00:00Z',
      categories: ['Electric Vehicles'],
    });
    expect(Object.keys(summary).sort()).toEqual(['categories', 'date', 'excerpt', 'image', 'slug', 'title']);
    expect(summary.image).toMatchObject({
      url: 'http://127.0.0.1:8080/wp-content/uploads/2026/11/yangwang-u9-track-edition-hero.jpg',
      alt: 'Yangwang U9 Track Edition on the circuit',
      width: 1920,
      height: 800,
    });
  });

  it('describes a picture without alt text by the post’s title, and has no picture when the post has none', () => {
    const untitled = mapNewsSummary({ ...node, image: { ...node.image!, alt: '' } });
    expect(untitled.image?.alt).toBe(node.title);
    expect(mapNewsSummary({ ...node, image: null }).image).toBeNull();
  });
});

describe('saved searches', () => {
  it('keeps WordPress’s sentence, the limit and each search as stored', () => {
    const searches = [
      {
        id: 3,
        name: 'BYD SUVs under $40,000',
        filter: { brand: 'BYD', bodyType: 'SUV', maxPrice: 40000 },
        created: '2026-11-28T08:15:02+00:00',
        paused: false,
      },
      {
        id: 4,
        name: 'Any manual',
        filter: { transmission: 'manual', includeSold: true },
        created: '2026-11-28T08:20:40+00:00',
        paused: true,
      },
    ];
    // As /car-export/v1/saved-searches answers a new search (201); the success flag is the client's to read.
    const answer = S.savedSearchesSchema.parse({
      success: true,
      message: 'Search saved. We will e-mail you new matches.',
      max: 20,
      searches,
    });
    expect(mapSavedSearches(answer)).toEqual({ message: 'Search saved. We will e-mail you new matches.', max: 20, searches });
  });
});

describe('filters', () => {
  it('maps the counts per option under the names the explore page reads, with both price ranges', () => {
    const suv = { value: 'SUV', count: 12 };
    const electric = { value: 'electric', count: 5 };
    const automatic = { value: 'automatic', count: 12 };
    const byd = { value: 'BYD', count: 4 };
    const tank = { value: 'Tank 300', count: 1 };
    const awd = { value: 'AWD', count: 6 };
    const y2024 = { value: '2024', count: 8 };
    // As the `carFilters(filter:)` query answers for SUVs: the catalogue's price range and the matching cars'.
    const data = S.filterFacetsDataSchema.parse({
      carFilters: {
        priceRange: { min: 5800, max: 233000 },
        matchingPriceRange: { min: 14500, max: 98000 },
        bodyTypeOptions: [suv, { value: 'Sedan', count: 9 }],
        fuelTypeOptions: [electric],
        transmissionOptions: [automatic],
        brandOptions: [byd],
        modelOptions: [tank],
        driveTypeOptions: [awd],
        yearOptions: [y2024],
      },
    });
    expect(mapFilterFacets(data.carFilters)).toEqual({
      brands: [byd],
      bodyTypes: [suv, { value: 'Sedan', count: 9 }],
      fuelTypes: [electric],
      transmissions: [automatic],
      models: [tank],
      driveTypes: [awd],
      years: [y2024],
      priceRange: { min: 5800, max: 233000 },
      matchingPriceRange: { min: 14500, max: 98000 },
    });
  });

  it('keeps the catalogue’s price range in the search filters', () => {
    expect(mapFilters(S.homeDataSchema.parse(home).carFilters).priceRange).toEqual({ min: 5800, max: 233000 });
  });
});

describe('a card from a car’s details', () => {
  const detail = mapCarDetail(S.carDataSchema.parse(car).car!);

  it('carries what a card shows, with the first gallery photo as its picture', () => {
    expect(cardFromDetail(detail)).toEqual({
      id: detail.id,
      saleStatus: detail.saleStatus,
      title: detail.title,
      price: detail.price,
      priceValue: detail.priceValue,
      image: detail.image,
      featured_image: detail.images[0],
      fuelType: detail.fuelType,
      bodyType: detail.bodyType,
      transmission: detail.transmission,
      features: detail.features,
      description: detail.description,
      all_fields: { year: detail.year, make: detail.brand, model: detail.model, mileage: detail.mileage },
    });
    // The captured car, so the fields above are real values and not all empty.
    expect(cardFromDetail(detail)).toMatchObject({
      id: 2359,
      title: '2024 Yangwang U9 Launch Edition',
      price: '$233,000',
      featured_image: {
        url: 'http://127.0.0.1:8080/wp-content/uploads/2026/11/2024-yangwang-u9-launch-edition-1.jpg',
        alt: '2024 Yangwang U9 Launch Edition, front three-quarter view',
      },
    });
  });

  it('has no picture when the car has no photos', () => {
    const card = cardFromDetail({ ...detail, image: null, images: [] });
    expect(card.featured_image).toBeNull();
    expect(card.image).toBeNull();
  });
});

describe('videos', () => {
  it('shows a video’s poster at the 768-wide size, lighter than the large one a card uses', () => {
    const video = S.homeDataSchema.parse(home).videos[0]!;
    expect(mapVideo(video).thumbnail).toBe('http://127.0.0.1:8080/wp-content/uploads/2026/11/byd-seal-walkaround-768x432.webp');
  });
});

describe('srcset shape rule', () => {
  it('keeps a size exactly 2 % off the upload’s shape and leaves out one further off', () => {
    // A 2500×100 banner (25:1); 1020×40 is 25.5:1 and 490×20 is 24.5:1, both exactly 2 % off; 1030×40 is 3 % off.
    const size = (width: number, height: number) => ({
      name: `s${width}`,
      url: `https://wp.example/banner-${width}x${height}.webp`,
      width,
      height,
      mimeType: 'image/webp',
    });
    const m = mapImage(
      {
        id: 9,
        alt: '',
        url: 'https://wp.example/banner.webp',
        width: 2500,
        height: 100,
        sizes: [size(1020, 40), size(490, 20), size(1030, 40), { ...size(2500, 100), name: 'full' }],
      },
      'Banner',
    );
    expect(m.sizes.map((s) => `${s.width}x${s.height}`)).toEqual(['490x20', '1020x40', '2500x100']);
  });
});
