// An upload's sizes as visitors get them: WordPress writes WebP sub-sizes of a JPEG at once and an
// AVIF copy of each soon after, in a cron batch (WordPress 6.8 on the local stack's PHP 8.4 writes
// AVIF), keeps the JPEG itself, serves each file with its type, and GraphQL lists every size with
// its MIME type, a copy only once its file is there.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteMedia, uploadImage, wpPhp } from './support/local';
import { createCar, deleteCar, gqlData } from './support/wordpress';

type Size = { name: string; url: string; width: number; height: number; mimeType: string };

let media: { id: number; url: string };
let carId: number;
let sizes: Size[];
/** The sizes GraphQL listed right after the upload, before the AVIF batch could run. */
let firstSizes: Size[];

const readSizes = async (): Promise<Size[]> => {
  const data = await gqlData<{ car: { image: { url: string; sizes: Size[] } | null } }>(
    'query ($id: ID!) { car(id: $id) { image { url sizes { name url width height mimeType } } } }',
    { id: carId },
  );
  return data.car.image?.sizes ?? [];
};

beforeAll(async () => {
  // A photo-like JPEG (a gradient with noise compresses like a photo, not like a flat fill).
  const width = 1600;
  const height = 1000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * 255) / width;
    pixels[i + 1] = (y * 255) / height;
    pixels[i + 2] = (i * 7919) % 97;
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  media = await uploadImage('webp-sizes-test.jpg', { bytes: new Uint8Array(jpeg), type: 'image/jpeg' });
  carId = await createCar({ featured_media: media.id });
  firstSizes = await readSizes();
  // The stack's cron runner fetches wp-cron.php every 3 s and the newest upload is made first.
  const until = Date.now() + 60_000;
  sizes = firstSizes;
  while (!sizes.some((s) => s.mimeType === 'image/avif') && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 1000));
    sizes = await readSizes();
  }
}, 120_000);

afterAll(async () => {
  if (carId) await deleteCar(carId);
  if (media) await deleteMedia(media.id);
});

const webp = () => sizes.filter((s) => s.name !== 'full' && s.mimeType !== 'image/avif');
const avif = () => sizes.filter((s) => s.mimeType === 'image/avif');

describe('image sizes of an uploaded JPEG', () => {
  it('lists, right after the upload, only files that exist: the WebP sizes and no AVIF copy not yet written', async () => {
    expect(firstSizes.filter((s) => s.mimeType === 'image/webp').length).toBeGreaterThan(0);
    for (const s of firstSizes) expect((await fetch(s.url, { method: 'HEAD' })).status, s.url).toBe(200);
  });

  it('lists WebP sub-sizes in GraphQL, each with an AVIF copy of the same size, and the original JPEG as "full"', () => {
    const made = webp();
    expect(made.map((s) => s.name)).toEqual(expect.arrayContaining(['thumbnail', 'car-thumb', 'medium', 'medium_large', 'large']));
    for (const s of made) {
      expect(s).toMatchObject({ mimeType: 'image/webp' });
      expect(s.url).toMatch(/\.webp$/);
    }
    expect(made.find((s) => s.name === 'large')).toMatchObject({ width: 1024, height: 640 });
    expect(avif().map(({ name, width, height }) => ({ name, width, height }))).toEqual(
      made.map(({ name, width, height }) => ({ name, width, height })),
    );
    for (const s of avif()) expect(s.url).toMatch(/\.avif$/);
    expect(sizes.at(-1)).toMatchObject({ name: 'full', url: media.url, width: 1600, height: 1000, mimeType: 'image/jpeg' });
  });

  it('serves every sub-size as image/webp and every copy as image/avif, at the listed dimensions', async () => {
    for (const s of sizes.filter((x) => x.name !== 'full')) {
      const res = await fetch(s.url);
      expect(res.status, s.url).toBe(200);
      expect(res.headers.get('content-type'), s.url).toBe(s.mimeType);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (s.mimeType === 'image/webp') {
        // RIFF....WEBP: the file really is WebP, whatever its name says.
        expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
        expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      } else {
        // An ISO-BMFF box "ftyp" of brand "avif": the file really is AVIF.
        expect(bytes.subarray(4, 12).toString('latin1'), s.url).toBe('ftypavif');
      }
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height], s.url).toEqual([s.width, s.height]);
    }
  });

  it('keeps the original upload as it came', async () => {
    const res = await fetch(media.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('jpeg');
  });
});

describe('the AVIF backlog worked by two processes at once', () => {
  // `wp car-export make-avif` and the cron runner's batches take images off the same backlog. Here
  // the other process takes this upload off while this one encodes it (a filter on the metadata
  // read, which comes between this process's backlog read and its own removal of the mark). Before,
  // the backlog read came from this process's query cache, which never heard of the other process's
  // removal, so `make-avif` handed out the same image again and again and never ended.
  it('ends, having made the image once, when the other process took it off meanwhile', () => {
    const result = wpPhp<{ done: number; waits: boolean }>(
      `$id = (int) $argv[1];
      \\CarExport\\Media\\AvifBacklog::add( $id );
      $taken_elsewhere = function ( $meta ) use ( $id ) {
        global $wpdb;
        $wpdb->delete( $wpdb->postmeta, array( 'post_id' => $id, 'meta_key' => '_car_export_avif_pending' ) );
        return $meta;
      };
      add_filter( 'wp_get_attachment_metadata', $taken_elsewhere );
      $done = \\CarExport\\Media\\AvifBacklog::run_batch( 0 );
      remove_filter( 'wp_get_attachment_metadata', $taken_elsewhere );
      echo wp_json_encode( array( 'done' => $done, 'waits' => (bool) $GLOBALS['wpdb']->get_var( $GLOBALS['wpdb']->prepare( "SELECT COUNT(*) FROM {$GLOBALS['wpdb']->postmeta} WHERE post_id = %d AND meta_key = '_car_export_avif_pending'", $id ) ) ) );`,
      String(media.id),
    );
    // Other uploads of the suite may be waiting too, and this run takes them as well.
    expect(result.done).toBeGreaterThanOrEqual(1);
    expect(result.waits).toBe(false);
  });
});

describe('the AVIF backlog puts main photos first', () => {
  // Every card, list and banner shows a post's main photo; a gallery's further photos are seen only
  // on the car's page. So after an import the main photos get their copies first, and a stack whose
  // cron runner must stay free (the tests') can leave the further photos in WebP only.
  let further: { id: number; url: string };
  afterAll(async () => {
    if (further) await deleteMedia(further.id);
  });

  it('hands out a car main photo before a newer further photo of its gallery, and drops only the further one', async () => {
    further = await uploadImage('avif-further-photo.png');
    const result = wpPhp<{ mainFirst: boolean; mainWaits: boolean; furtherWaits: boolean }>(
      `[$main, $further, $car] = array_map( 'intval', array_slice( $argv, 1 ) );
      foreach ( array( $main, $further ) as $id ) {
        wp_update_post( array( 'ID' => $id, 'post_parent' => $car ) );
        \\CarExport\\Media\\AvifBacklog::add( $id );
      }
      $order = ( new ReflectionMethod( \\CarExport\\Media\\AvifBacklog::class, 'waiting' ) )->invoke( null, -1, false );
      \\CarExport\\Media\\AvifBacklog::drop_other_photos();
      $waits = fn( $id ) => (bool) get_post_meta( $id, '_car_export_avif_pending', true );
      wp_cache_flush();
      echo wp_json_encode( array(
        'mainFirst'    => array_search( $main, $order, true ) < array_search( $further, $order, true ),
        'mainWaits'    => $waits( $main ),
        'furtherWaits' => $waits( $further ),
      ) );`,
      String(media.id),
      String(further.id),
      String(carId),
    );
    expect(result).toEqual({ mainFirst: true, mainWaits: true, furtherWaits: false });
  });
});
