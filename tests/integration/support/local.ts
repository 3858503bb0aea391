// Helpers for what a REST client cannot see: contact messages and inquiries are deliberately kept
// out of every public API, so tests read them the way staff tooling would, through PHP running
// inside the local WordPress. Also small fixtures (images, addresses, token decoding).
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { WP, adminToken, rest, unique } from './wordpress';

// Lives in wordpress.ts (newUser needs it); re-exported for the tests that import it from here.
export { randomIp } from './wordpress';

export const WP_LOAD = fileURLToPath(new URL('../../../.local/wordpress/wp-load.php', import.meta.url));

const PHP_ERROR_LOG = fileURLToPath(new URL('../../../.local/logs/php-error.log', import.meta.url));

/** Where the local PHP error log ends now: give it to phpLoggedSince after the step under test. */
export const phpLogEnd = (): number => (fs.existsSync(PHP_ERROR_LOG) ? fs.statSync(PHP_ERROR_LOG).size : 0);

/** What the local PHP error log got after `end` (from phpLogEnd). */
export const phpLoggedSince = (end: number): string =>
  fs.existsSync(PHP_ERROR_LOG) ? fs.readFileSync(PHP_ERROR_LOG).subarray(end).toString('utf8') : '';

/**
 * Runs PHP inside the local WordPress and returns what the code echoes, parsed as JSON.
 * Values go in through $argv (never pasted into the code), read as $argv[1], $argv[2], ...
 */
export function wpPhp<T = unknown>(code: string, ...args: string[]): T {
  if (!fs.existsSync(WP_LOAD)) {
    throw new Error(
      `The local WordPress is required for this check but ${WP_LOAD} does not exist. ` +
        'Start the stack with `npm start` (these tests read stored messages through PHP).',
    );
  }
  const script = `require ${JSON.stringify(WP_LOAD)}; ${code}`;
  const out = execFileSync('php', ['-r', script, '--', ...args], { encoding: 'utf8', timeout: 30000 });
  try {
    return JSON.parse(out) as T;
  } catch {
    throw new Error(`PHP printed something other than JSON: ${out.slice(0, 500)}`);
  }
}

/** A new wp-admin account of `role` (e.g. the Sales role, `editor`), made inside WordPress. */
export function newStaffAccount(role: string): { id: number; username: string; password: string } {
  const username = unique(`qa_${role.replace(/\W/g, '')}`);
  const password = `pw-${unique()}`;
  const id = wpPhp<number>(
    `$id = wp_insert_user( array( 'user_login' => $argv[1], 'user_pass' => $argv[2], 'user_email' => $argv[1] . '@example.com', 'role' => $argv[3] ) );
     echo json_encode( is_wp_error( $id ) ? 0 : $id );`,
    username,
    password,
    role,
  );
  if (id <= 0) throw new Error(`could not make a ${role} account`);
  return { id, username, password };
}

/** A post's meta, each key's first value as a string. */
export const postMeta = (id: number): Record<string, string> =>
  wpPhp<Record<string, string>>(
    `$m = array(); foreach ( get_post_meta( (int) $argv[1] ) as $k => $v ) { $m[ $k ] = (string) $v[0]; } echo json_encode( (object) $m );`,
    String(id),
  );

export type StoredMessage = {
  id: number;
  type: string;
  status: string;
  title: string;
  content: string;
  meta: Record<string, string>;
};

/** Every contact message or inquiry whose sender e-mail is $email, newest first. */
export function storedMessages(email: string): StoredMessage[] {
  return wpPhp<StoredMessage[]>(
    `
    $posts = get_posts( array(
      'post_type'      => array( 'contact_message', 'car_inquiry' ),
      'post_status'    => 'any',
      'posts_per_page' => 50,
      'orderby'        => 'ID',
      'order'          => 'DESC',
      'meta_key'       => '_message_email',
      'meta_value'     => $argv[1],
    ) );
    $out = array();
    foreach ( $posts as $p ) {
      $meta = array();
      foreach ( get_post_meta( $p->ID ) as $key => $values ) {
        $meta[ $key ] = (string) $values[0];
      }
      $out[] = array( 'id' => $p->ID, 'type' => $p->post_type, 'status' => $p->post_status,
        'title' => $p->post_title, 'content' => $p->post_content, 'meta' => (object) $meta );
    }
    echo json_encode( $out );
  `,
    email,
  );
}

/** Deletes (for good) every message sent with one of these e-mail addresses; returns how many. */
export function deleteStoredMessages(emails: string[]): number {
  if (emails.length === 0) return 0;
  return wpPhp<number>(
    `
    $ids = get_posts( array(
      'post_type'      => array( 'contact_message', 'car_inquiry' ),
      'post_status'    => 'any',
      'posts_per_page' => -1,
      'fields'         => 'ids',
      'meta_query'     => array( array( 'key' => '_message_email', 'value' => array_slice( $argv, 1 ), 'compare' => 'IN' ) ),
    ) );
    foreach ( $ids as $id ) {
      wp_delete_post( $id, true );
    }
    echo json_encode( count( $ids ) );
  `,
    ...emails,
  );
}

/** The header and payload of a JWT, without checking its signature. */
export function decodeJwt(token: string): { header: Record<string, any>; payload: Record<string, any> } {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error(`not a JWT: ${token.slice(0, 40)}`);
  const part = (s: string | undefined) => JSON.parse(Buffer.from(s ?? '', 'base64url').toString('utf8'));
  return { header: part(parts[0]), payload: part(parts[1]) };
}

/** A tiny solid-colour PNG, made here so tests need no image files. */
export function pngBytes(width = 4, height = 4, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/**
 * Uploads an image to the media library as staff (a small PNG unless `file` gives other bytes);
 * returns its attachment id and URL.
 */
export async function uploadImage(
  name = 'qa-image.png',
  file: { bytes: Uint8Array; type: string } = { bytes: new Uint8Array(pngBytes()), type: 'image/png' },
): Promise<{ id: number; url: string }> {
  const res = await fetch(`${WP}/wp-json/wp/v2/media`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${await adminToken()}`,
      'Content-Type': file.type,
      'Content-Disposition': `attachment; filename="${name}"`,
    },
    body: new Uint8Array(file.bytes),
  });
  const body = (await res.json()) as { id?: number; source_url?: string };
  if (res.status !== 201 || typeof body.id !== 'number' || typeof body.source_url !== 'string') {
    throw new Error(`upload image: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
  return { id: body.id, url: body.source_url };
}

export async function deleteMedia(id: number): Promise<void> {
  await rest(`/wp/v2/media/${id}?force=true`, { method: 'DELETE', token: await adminToken() });
}

/** The stack's php-fpm master and workers (the local stack only). */
export function phpFpmPids(): number[] {
  const pidFile = new URL('../../../.local/run/php-fpm.pid', import.meta.url);
  const master = Number(fs.readFileSync(pidFile, 'utf8').trim());
  const workers = execFileSync('pgrep', ['-P', String(master)], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map(Number);
  return [master, ...workers];
}

/** A TCP port nothing listens on now, for a process a test starts itself. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type PurgeRecord = { time: number; ok: boolean; error: string; what: string };

/**
 * WordPress's "last purge" once it is about `what` (e.g. 'car “Title” saved'). A save's purge is
 * sent after its answer has gone back, so the record is polled for up to 10 s.
 */
export async function lastPurgeAbout(what: string): Promise<PurgeRecord> {
  const read = () => wpPhp<PurgeRecord | false>(`echo wp_json_encode( get_option( 'car_export_last_purge' ) );`);
  const end = Date.now() + 10_000;
  let last = read();
  while (!(last && last.what.includes(what)) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 250));
    last = read();
  }
  if (!last || !last.what.includes(what)) throw new Error(`The last purge is not about ${what}: ${JSON.stringify(last)}`);
  return last;
}
