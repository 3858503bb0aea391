// News in wp-admin as staff see it (the menu says News, a Cover column points out posts without a
// cover image) and on the site: the cover is the article's hero and share image, and an article
// without a hand-written excerpt prints its first paragraph once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from './support/wordpress';
import { wpPhp } from './support/local';
import { adminSession, type AdminSession } from './support/admin';
import { SITE } from './support/site';

const FIRST = 'The new Seal arrives in Lagos this month, with the first cars already on the water.';
let admin: AdminSession;
let withCover: number;
let withoutCover: number;
let slug: string;
let imageFile: string;

beforeAll(async () => {
  admin = await adminSession();
  slug = unique('qa-news-cover').replace(/_/g, '-');
  const made = wpPhp<{ withCover: number; withoutCover: number; file: string }>(
    `$image = get_posts( array( 'post_type' => 'attachment', 'post_mime_type' => 'image', 'post_status' => 'inherit', 'numberposts' => 1, 'fields' => 'ids' ) );
     $content = '<p>' . $argv[2] . '</p><p>Prices start at USD 27,500.</p>';
     $a = wp_insert_post( array( 'post_type' => 'post', 'post_status' => 'publish', 'post_title' => 'QA cover ' . $argv[1], 'post_name' => $argv[1], 'post_content' => $content ) );
     $b = wp_insert_post( array( 'post_type' => 'post', 'post_status' => 'draft', 'post_title' => 'QA no cover ' . $argv[1], 'post_content' => $content ) );
     set_post_thumbnail( $a, (int) $image[0] );
     echo json_encode( array( 'withCover' => $a, 'withoutCover' => $b, 'file' => pathinfo( (string) get_attached_file( (int) $image[0] ), PATHINFO_FILENAME ) ) );`,
    slug,
    FIRST,
  );
  ({ withCover, withoutCover } = made);
  imageFile = made.file;
  expect(imageFile).not.toBe('');
});

afterAll(() => {
  wpPhp(`wp_delete_post( (int) $argv[1], true ); wp_delete_post( (int) $argv[2], true ); echo 1;`, String(withCover), String(withoutCover));
});

describe('news in wp-admin', () => {
  it('is called News and its list shows each cover, or says a post has none', async () => {
    const list = await (await admin.get('/wp-admin/edit.php?post_type=post&post_status=all')).text();
    expect(list).toMatch(/<div class=['"]wp-menu-name['"]>News<\/div>/);
    const row = (id: number) => list.match(new RegExp(`<tr id="post-${id}"[\\s\\S]*?</tr>`))?.[0] ?? '';
    expect(row(withCover)).toMatch(/<img[^>]+class="[^"]*car-export-news-cover/);
    expect(row(withoutCover)).toContain('No cover: the news card shows a grey box');
    // The editor offers the Cover image panel: the post type supports it.
    const supports = wpPhp<boolean>(
      `echo json_encode( post_type_supports( 'post', 'thumbnail' ) && current_theme_supports( 'post-thumbnails', 'post' ) );`,
    );
    expect(supports).toBe(true);
  });
});

describe('news on the site', () => {
  it('uses the cover as the hero and share image and prints the first paragraph once', async () => {
    const res = await fetch(`${SITE}/news/${slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="[^"]*${imageFile}`));
    const article = html.match(/<article[\s\S]*?<\/article>/)?.[0] ?? '';
    expect(article.split(FIRST).length - 1).toBe(1);
  });
});
