// `npm run backup` and `npm run restore -- FILE` on the local stack: what staff and visitors made
// before the backup (a car, a lead, an account with a favourite, an uploaded picture) is back after
// it was changed or deleted, and what was made after the backup is gone again.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WP,
  adminToken,
  createCar,
  deleteCar,
  deleteUser,
  newUser,
  rest,
  token,
  unique,
  updateCar,
  type TestUser,
} from './support/wordpress';
import {
  deleteMedia,
  deleteStoredMessages,
  pngBytes,
  randomIp,
  storedMessages,
  phpLogEnd,
  phpLoggedSince,
  uploadImage,
  wpPhp,
} from './support/local';
import { CONTACT, contactBody } from './support/leads';
import { site } from './support/site';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'car-export-backup-'));

const runScript = promisify(execFile);

/** Runs scripts/backup.mjs without holding the event loop, so requests can run beside it. */
async function backupScript(...args: string[]): Promise<string> {
  const { stdout } = await runScript(process.execPath, [path.join(ROOT, 'scripts', 'backup.mjs'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return stdout;
}

const carTitle = unique('QA Backup Toyota Hilux');
const leadEmail = `${unique('backup-lead')}@example.com`;
const picture = new Uint8Array(pngBytes(6, 6, [20, 120, 200]));
let car: number;
let laterCar: number;
let user: TestUser;
let image: { id: number; url: string };
let archive: string;

const carStatus = async (id: number) => (await rest(`/wp/v2/cars/${id}?context=edit`, { token: await adminToken() })).status;

beforeAll(async () => {
  car = await createCar({ title: carTitle, _car_brand: 'Toyota', _car_model: 'Hilux', _car_price: 31000 });
  user = await newUser();
  const fav = await rest('/car-export/v1/favorites', { method: 'POST', token: user.token, body: { carId: car, action: 'add' } });
  expect(fav.status).toBe(200);
  image = await uploadImage('qa-backup.png', { bytes: picture, type: 'image/png' });
  const lead = await rest(CONTACT, { method: 'POST', body: contactBody(leadEmail), headers: { 'X-Forwarded-For': randomIp() } });
  expect(lead.status).toBe(201);
});

afterAll(async () => {
  deleteStoredMessages([leadEmail]);
  if (image) await deleteMedia(image.id);
  if (user) await deleteUser(user.id);
  for (const id of [car, laterCar]) if (id) await deleteCar(id);
  fs.rmSync(outDir, { recursive: true, force: true });
});

describe('backup and restore of the local stack', () => {
  it('writes one dated archive with the database dump, the uploads and a manifest without secrets', async () => {
    const out = await backupScript('create', '--out', outDir);
    archive = out.match(/Backup written: (\S+\.tar\.gz)/)?.[1] ?? '';
    expect(path.basename(archive)).toMatch(/^car-export-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    const listing = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\n');
    expect(listing).toEqual(expect.arrayContaining(['manifest.json', 'database.sql', 'outbox/']));
    const uploaded = new URL(image.url).pathname.replace(/^\/wp-content\//, '');
    expect(listing).toContain(uploaded);
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', archive, 'manifest.json'], { encoding: 'utf8' }));
    expect(manifest.secrets).toMatch(/not included: .*secrets\.json/);
    // The secrets file's content is nowhere in the archive.
    const secrets = JSON.parse(fs.readFileSync(path.join(ROOT, '.local', 'secrets.json'), 'utf8'));
    const dump = execFileSync('tar', ['-xzOf', archive, 'database.sql'], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
    expect(dump).toContain(carTitle);
    expect(dump).not.toContain(secrets.jwtSecret);
  });

  it('brings back the changed car, the deleted lead, account, favourite and picture, and drops what came later', async () => {
    expect(archive).toBeTruthy();
    await updateCar(car, { title: 'Overwritten after the backup' });
    deleteStoredMessages([leadEmail]);
    await deleteUser(user.id);
    await deleteMedia(image.id);
    laterCar = await createCar({ title: unique('QA made after the backup') });
    expect(storedMessages(leadEmail)).toEqual([]);
    expect((await fetch(image.url)).status).toBe(404);

    // The site has the edited title in its cache, so only the restore's purge can bring the old one back.
    expect((await site(`/api/cars/${car}`)).body.title).toBe('Overwritten after the backup');

    // WordPress stays whole while the archive loads: its cron (what the stack's runner fetches every
    // few seconds) and the catalogue answer throughout, never from a dropped or half-loaded table.
    let restoring = true;
    const answers: number[] = [];
    const traffic = (async () => {
      while (restoring) {
        for (const url of [`${WP}/wp-cron.php?doing_wp_cron`, `${WP}/wp-json/wp/v2/cars?per_page=5`]) {
          const res = await fetch(url);
          await res.arrayBuffer();
          answers.push(res.status);
        }
      }
    })();
    const logEnd = phpLogEnd();
    const out = await backupScript('restore', archive).finally(() => (restoring = false));
    await traffic;
    expect(out).toMatch(/Restored the backup of/);
    expect(out).toMatch(/The site's caches \(.+\) were purged\./);
    expect(answers.length).toBeGreaterThan(4);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    expect(
      phpLoggedSince(logEnd)
        .split('\n')
        .filter((line) => /database error/i.test(line)),
    ).toEqual([]);
    expect((await site(`/api/cars/${car}`)).body.title).toBe(carTitle);

    const restored = await rest(`/wp/v2/cars/${car}?context=edit`, { token: await adminToken() });
    expect(restored.status).toBe(200);
    expect(restored.body.title.raw).toBe(carTitle);
    expect(await carStatus(laterCar)).toBe(404);
    expect(storedMessages(leadEmail)).toHaveLength(1);
    // The account signs in with its password again, and its favourite is there.
    const signedIn = await token(user.username, user.password);
    const favs = await rest('/car-export/v1/favorites?fields=ids', { token: signedIn });
    expect(favs.body.favorites).toEqual([car]);
    const file = await fetch(image.url);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(picture);
    expect((await rest(`/wp/v2/media/${image.id}`)).status).toBe(200);
  });

  it('a damaged archive changes nothing: the restore stops with a message, and the live data and pictures stay', async () => {
    expect(archive).toBeTruthy();
    await updateCar(car, { title: 'Changed after the restore' });
    const dir = fs.mkdtempSync(path.join(outDir, 'damaged-'));
    execFileSync('tar', ['-xzf', archive, '-C', dir, 'manifest.json', 'database.sql']);
    const dump = fs.readFileSync(path.join(dir, 'database.sql'), 'utf8');
    // Cut part-way through the rows, as an interrupted copy leaves a file.
    fs.writeFileSync(path.join(dir, 'database.sql'), `${dump.slice(0, Math.floor(dump.length * 0.6))}\nINSERT INTO broken`);
    const damaged = path.join(outDir, 'damaged.tar.gz');
    execFileSync('tar', ['-czf', damaged, '-C', dir, 'manifest.json', 'database.sql']);

    const failed = await backupScript('restore', damaged).then(
      () => null,
      (err: { code?: number; stderr?: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/loading the dump failed .*; the database was not changed\./);
    const live = await rest(`/wp/v2/cars/${car}?context=edit`, { token: await adminToken() });
    expect(live.body.title.raw).toBe('Changed after the restore');
    const leftOver = wpPhp<string[]>(`global $wpdb; echo json_encode( $wpdb->get_col( "SHOW TABLES LIKE 'restoring%'" ) );`);
    expect(leftOver).toEqual([]);
    expect((await fetch(image.url)).status).toBe(200);
  });
});
