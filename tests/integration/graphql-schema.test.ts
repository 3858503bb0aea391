// schema.graphql (the contract the site's queries are checked against in the unit tests) is the
// schema the live plugin serves: same types, fields, arguments, defaults and descriptions.
import fs from 'node:fs';
import path from 'node:path';
import {
  buildClientSchema,
  buildSchema,
  getIntrospectionQuery,
  lexicographicSortSchema,
  printSchema,
  type IntrospectionQuery,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { gqlData } from './support/wordpress';

const FILE = path.resolve(__dirname, '../../wordpress/plugins/car-export/schema.graphql');

describe('schema.graphql', () => {
  it('matches the schema the live /graphql endpoint reports', async () => {
    const live = buildClientSchema(await gqlData<IntrospectionQuery>(getIntrospectionQuery({ descriptions: true })));
    const file = buildSchema(fs.readFileSync(FILE, 'utf8'));
    const print = (s: typeof live) => printSchema(lexicographicSortSchema(s));
    expect(print(file)).toBe(print(live));
  });
});
