// /robots.txt: everything may be crawled except the API, the account pages, the per-visitor
// favourites page and resource routes; the sitemap is named with its absolute address.
import { cacheHeaders } from '~/lib/http/cache-headers.server';
import { publicOrigin } from '~/lib/server/env.server';

export const DISALLOWED = ['/api/', '/login', '/register', '/logout', '/favorites', '/resources/'];

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

export function loader() {
  return new Response(robotsTxt(publicOrigin()), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...cacheHeaders('deploy') },
  });
}
