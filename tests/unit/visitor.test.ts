// What the site forwards about a visitor with messages: the client address (socket peer, or
// X-Forwarded-For only behind trusted proxies), the browser, and the ad ids from headers or cookies.
import { describe, expect, it } from 'vitest';
import { adIds, clientIp, normalizeIp, parseCookies, PEER_IP_HEADER } from '~/lib/http/visitor.server';

const req = (headers: Record<string, string>) => new Request('http://site.test/', { headers });

describe('client address', () => {
  it('is the socket peer by default, whatever X-Forwarded-For says', () => {
    expect(clientIp(req({ [PEER_IP_HEADER]: '203.0.113.9', 'X-Forwarded-For': '1.2.3.4' }), 0)).toBe('203.0.113.9');
  });

  it('is the entry the trusted proxy appended when TRUST_PROXY is set', () => {
    expect(clientIp(req({ [PEER_IP_HEADER]: '127.0.0.1', 'X-Forwarded-For': '6.6.6.6, 198.18.1.2' }), 1)).toBe('198.18.1.2');
    expect(clientIp(req({ [PEER_IP_HEADER]: '127.0.0.1', 'X-Forwarded-For': '6.6.6.6, 198.18.1.2, 10.0.0.1' }), 2)).toBe('198.18.1.2');
    expect(clientIp(req({ [PEER_IP_HEADER]: '127.0.0.1', 'X-Forwarded-For': 'garbage' }), 1)).toBe('127.0.0.1');
    expect(clientIp(req({ [PEER_IP_HEADER]: '127.0.0.1' }), 1)).toBe('127.0.0.1');
  });

  it('normalises IPv4-mapped addresses and refuses non-addresses', () => {
    expect(normalizeIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeIp('2001:db8::1')).toBe('2001:db8::1');
    expect(normalizeIp('localhost')).toBeUndefined();
    expect(normalizeIp('')).toBeUndefined();
  });
});

describe('ad ids', () => {
  it('reads the cookies of the ad platforms', () => {
    const ids = adIds(
      req({ Cookie: '_fbp=fb.1.1700000000.123; _fbc=fb.1.1700000000.IwAR; _gcl_aw=GCL.1700000000.Cj0KCQiA; _ttp=abc_DEF-1; other=x' }),
    );
    expect(ids).toEqual({ fbp: 'fb.1.1700000000.123', fbc: 'fb.1.1700000000.IwAR', gclid: 'Cj0KCQiA', ttp: 'abc_DEF-1' });
  });

  it('prefers X-Ad-* headers (scripts and apps) over cookies', () => {
    expect(adIds(req({ 'X-Ad-Fbp': 'fb.1.2.3', Cookie: '_fbp=fb.1.9.9' })).fbp).toBe('fb.1.2.3');
    expect(adIds(req({ 'X-Ad-Gclid': 'gclid-from-header' })).gclid).toBe('gclid-from-header');
  });

  it('drops ids that do not look genuine', () => {
    expect(adIds(req({ 'X-Ad-Fbp': '<script>', Cookie: `_ttp=${'a'.repeat(300)}` }))).toEqual({});
  });

  it('parses cookies leniently', () => {
    expect(parseCookies('a=1; b="two"; c=%20x; broken; =v')).toEqual(
      new Map([
        ['a', '1'],
        ['b', 'two'],
        ['c', ' x'],
      ]),
    );
  });
});
