// Small pure pieces of the layout: the favourites badge, sign-in links, the head tags, guest
// favourites storage format, and which route changes keep the list's scroll position.
import { describe, expect, it } from 'vitest';
import { favoriteBadgeText } from '~/components/layout/nav';
import { authHref } from '~/lib/auth/auth-dialog';
import { mergeFormBody, parseGuestFavorites } from '~/lib/favorites/guest-favorites';
import { imageHints, pageMeta, pageTitle, rootOrigin } from '~/lib/seo/meta';
import { keepsListPosition } from '~/lib/page/scroll';

describe('favourites badge', () => {
  it('shows the count, 99+ above 99, nothing at 0', () => {
    expect(favoriteBadgeText(0)).toBeNull();
    expect(favoriteBadgeText(1)).toBe('1');
    expect(favoriteBadgeText(99)).toBe('99');
    expect(favoriteBadgeText(100)).toBe('99+');
    expect(favoriteBadgeText(12345)).toBe('99+');
  });
});

describe('authHref', () => {
  it('is the no-JavaScript page with the way back', () => {
    expect(authHref('login', '/favorites')).toBe('/login?redirectTo=%2Ffavorites');
    expect(authHref('register', '/car/3?from=%2Fexplore-cars')).toBe('/register?redirectTo=%2Fcar%2F3%3Ffrom%3D%252Fexplore-cars');
    expect(authHref('login', '/')).toBe('/login');
    expect(authHref('login')).toBe('/login');
  });
});

describe('pageMeta', () => {
  const matches = [{ id: 'root', data: { origin: 'https://cars.example', user: null, favoriteIds: [] } }];

  it('gives title, description, canonical, Open Graph and Twitter tags', () => {
    const tags = pageMeta({ title: 'Explore Cars', description: 'All cars.', path: '/explore-cars', matches });
    expect(tags).toContainEqual({ title: 'Explore Cars | Car Export' });
    expect(tags).toContainEqual({ name: 'description', content: 'All cars.' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://cars.example/explore-cars' });
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://cars.example/explore-cars' });
    expect(tags).toContainEqual({ property: 'og:title', content: 'Explore Cars | Car Export' });
    expect(tags).toContainEqual({ property: 'og:description', content: 'All cars.' });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary' });
    expect(tags.find((t) => 'name' in t && t.name === 'robots')).toBeUndefined();
  });

  it('makes images absolute and asks for the large card', () => {
    const tags = pageMeta({ title: 'BYD Seal', description: 'd', path: '/car/1', image: '/img/seal.jpg', origin: 'https://cars.example/' });
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://cars.example/img/seal.jpg' });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
  });

  it('keeps a title that already names the site, and can say noindex', () => {
    expect(pageTitle('Car Export | Home')).toBe('Car Export | Home');
    expect(pageMeta({ title: 'Sign In', description: 'd', noIndex: true })).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(rootOrigin(undefined)).toBe('');
  });
});

describe('guest favourites', () => {
  it('reads positive integer ids once each, ignoring junk', () => {
    expect(parseGuestFavorites(null)).toEqual([]);
    expect(parseGuestFavorites('not json')).toEqual([]);
    expect(parseGuestFavorites('{"a":1}')).toEqual([]);
    expect(parseGuestFavorites('[3, "4", 3, -1, 0, 1.5, null, "x", "1e3"]')).toEqual([3, 4]);
  });

  it('posts intent=merge with one ids field per car', () => {
    expect(mergeFormBody([3, 4]).toString()).toBe('intent=merge&ids=3&ids=4');
  });
});

describe('scroll: which route changes keep the list position', () => {
  it('only from a car page back to / or /explore-cars', () => {
    expect(keepsListPosition('/car/12', '/explore-cars')).toBe(true);
    expect(keepsListPosition('/car/12', '/')).toBe(true);
    expect(keepsListPosition('/car/12', '/about-us')).toBe(false);
    expect(keepsListPosition('/about-us', '/explore-cars')).toBe(false);
    expect(keepsListPosition(null, '/')).toBe(false);
  });
});

describe('imageHints', () => {
  const photo = 'https://wp.example.com/wp-content/uploads/2025/08/seal-1.jpg';

  it("connects early to the origin of a page's main picture", () => {
    expect(imageHints(photo)).toEqual([{ tagName: 'link', rel: 'preconnect', href: 'https://wp.example.com' }]);
  });

  it('preloads the picture at high priority with the candidates the <img> offers', () => {
    const hints = imageHints(photo, { srcSet: `${photo} 1280w`, sizes: '100vw' });
    expect(hints[1]).toEqual({
      tagName: 'link',
      rel: 'preload',
      as: 'image',
      href: photo,
      imageSrcSet: `${photo} 1280w`,
      imageSizes: '100vw',
      fetchpriority: 'high',
    });
  });

  it('adds nothing without a usable absolute URL', () => {
    expect(imageHints(null)).toEqual([]);
    expect(imageHints('/images/hero/port-1920.webp')).toEqual([]);
  });
});
