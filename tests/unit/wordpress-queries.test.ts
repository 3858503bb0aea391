// Every GraphQL document the site sends is valid against the plugin's schema file, so a typo or a
// renamed field fails here, without the live stack; and the news post fixture maps cleanly.
import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import news from '../fixtures/graphql-news-post.json';
import * as Q from '~/lib/wordpress/queries.server';
import { mapNewsPost } from '~/lib/wordpress/map.server';
import { newsPostDataSchema } from '~/lib/wordpress/schemas.server';

const schema = buildSchema(fs.readFileSync(path.resolve(__dirname, '../../wordpress/plugins/car-export/schema.graphql'), 'utf8'));

describe('GraphQL documents', () => {
  it.each(Object.entries(Q))('%s is valid against schema.graphql', (_name, document) => {
    expect(validate(schema, parse(document)).map((e) => e.message)).toEqual([]);
  });
});

describe('news post', () => {
  it('maps the seeded article', () => {
    const post = newsPostDataSchema.parse(news).newsPost;
    expect(post).not.toBeNull();
    const n = mapNewsPost(post!);
    expect(n.slug).toBe('yangwang-u9-track-edition');
    expect(n.content).toContain('<');
    expect(Array.isArray(n.keySpecs)).toBe(true);
    expect(n.image === null || typeof n.image.url === 'string').toBe(true);
  });
});
