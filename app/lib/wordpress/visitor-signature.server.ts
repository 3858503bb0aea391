// The visitor's address as the site vouches for it to WordPress: "<ip>,<unix time>,<signature>" in
// the X-Car-Export-Visitor header, the signature an HMAC-SHA256 (hex) of "<ip>\n<time>" under
// a key derived from the purge secret the two share. WordPress counts its per-visitor limits on that
// address whatever network address the site calls from (a container's changes with every start),
// and believes it only while the signature checks and the time is within a minute of its own.
import { createHmac } from 'node:crypto';

export const VISITOR_HEADER = 'X-Car-Export-Visitor';

function mac(ip: string, time: number, secret: string): string {
  const key = createHmac('sha256', secret).update('car-export-visitor').digest();
  return createHmac('sha256', key).update(`${ip}\n${time}`).digest('hex');
}

/** The header's value for `ip` at `nowMs`; signed afresh for every call, so a delivery hours later still counts. */
export function signVisitor(ip: string, secret: string, nowMs: number = Date.now()): string {
  const time = Math.floor(nowMs / 1000);
  return `${ip},${time},${mac(ip, time, secret)}`;
}
