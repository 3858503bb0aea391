import { describe, expect, it } from 'vitest';
import { expandVersions, lockForRegistryCopy, lockProblems, publicEntry, tagPinned } from '../../scripts/lib/composer-lock.mjs';

const COMMIT = 'a'.repeat(40);
// An entry as a copy of the registry writes it: a private mirror path, no source, no commit.
const mirrored = {
  name: 'firebase/php-jwt',
  version: 'v7.2.1',
  source: null,
  dist: {
    type: 'zip',
    url: 'https://repo.packagist.org/artifactory/api/composer/packagist/direct-dists/firebase/php-jwt/v7.2.1/php-jwt-v7.2.1.zip',
    shasum: 'e3ea20dfec81c2e8b3529f29e4dbbe00c9af7f7f',
  },
  require: { php: '^8.0' },
};
const published = publicEntry(mirrored, { repo: 'firebase/php-jwt', commit: COMMIT });

describe('Composer locks in public form', () => {
  it('writes an entry as the public registry does: the GitHub archive and repository of one commit', () => {
    expect(published).toEqual({
      name: mirrored.name,
      version: mirrored.version,
      source: { type: 'git', url: 'https://github.com/firebase/php-jwt.git', reference: COMMIT },
      dist: { type: 'zip', url: `https://api.github.com/repos/firebase/php-jwt/zipball/${COMMIT}`, reference: COMMIT, shasum: '' },
      require: mirrored.require,
    });
    // Composer's key order, so a refreshed lock diffs cleanly against one Composer wrote.
    expect(Object.keys(published)).toEqual(['name', 'version', 'source', 'dist', 'require']);
    expect(lockProblems({ packages: [published], 'packages-dev': [] })).toEqual([]);
  });

  it('names every way a mirrored entry would fail on a machine with the public registries only', () => {
    expect(lockProblems({ packages: [], 'packages-dev': [mirrored] })).toEqual([
      "firebase/php-jwt v7.2.1: no source at the release's commit or tag",
      `firebase/php-jwt v7.2.1: dist ${mirrored.dist.url} is not a public code host's archive`,
      "firebase/php-jwt v7.2.1: dist names neither the release's commit nor its tag",
    ]);
  });

  it.each([
    ['plain HTTP', { dist: { ...published.dist, url: published.dist.url.replace('https:', 'http:') } }, /dist .* is not a public/],
    [
      'credentials in the address',
      { dist: { ...published.dist, url: published.dist.url.replace('https://', 'https://me:secret@') } },
      /not a public/,
    ],
    [
      'another host',
      { source: { ...published.source, url: 'https://git.example.com/firebase/php-jwt.git' } },
      /source .* is not a public repository/,
    ],
    ['a branch for a commit', { source: { ...published.source, reference: 'main' } }, /no source at the release's commit or tag/],
    ["another release's tag", { source: { ...published.source, reference: 'v7.2.0' } }, /no source at the release's commit or tag/],
    [
      'two different commits',
      { dist: { ...published.dist, url: published.dist.url.replace(COMMIT, 'b'.repeat(40)), reference: 'b'.repeat(40) } },
      /dist and source name different references/,
    ],
    [
      'an archive of something else',
      { dist: { ...published.dist, url: published.dist.url.replace(COMMIT, 'main') } },
      /is not the archive of/,
    ],
    ['no dist at all', { dist: undefined }, /no dist/],
  ])('refuses %s', (_label, change, problem) => {
    const problems = lockProblems({ packages: [{ ...published, ...change }] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(problem);
  });

  it('refuses to publish without an OWNER/NAME repository and a full commit', () => {
    expect(() => publicEntry(mirrored, { repo: 'php-jwt', commit: COMMIT })).toThrow(/OWNER\/NAME/);
    expect(() => publicEntry(mirrored, { repo: 'firebase/php-jwt', commit: 'v7.2.1' })).toThrow(/neither a commit nor the tag/);
    expect(() => publicEntry(mirrored, { repo: 'firebase/php-jwt', tag: 'main' })).toThrow(/neither a commit nor the tag/);
  });

  it('accepts the release tag where the commit is unknown, and names such entries', () => {
    const byTag = publicEntry(mirrored, { repo: 'googleapis/php-jwt', tag: 'v7.2.1' });
    expect(byTag.dist.url).toBe('https://api.github.com/repos/googleapis/php-jwt/zipball/v7.2.1');
    const lock = { packages: [byTag, published], 'packages-dev': [] };
    expect(lockProblems(lock)).toEqual([]);
    expect(tagPinned(lock)).toEqual(['firebase/php-jwt v7.2.1']);
    // "1.2.3" is also the tag "v1.2.3" and the other way round: projects tag either way.
    expect(lockProblems({ packages: [publicEntry({ ...mirrored, version: '2.3.5' }, { repo: 'phpstan/phpstan', tag: '2.3.5' })] })).toEqual(
      [],
    );
  });
});

describe('installing a public lock through a copy of the registry', () => {
  it("expands the registry's minified version lists", () => {
    const versions = expandVersions(
      [
        { version: '2.0.0', dist: { url: 'u2' }, require: { php: '^8.1' }, suggest: { x: 'y' } },
        { version: '1.0.0', dist: { url: 'u1' }, suggest: '__unset' },
      ],
      'composer/2.0',
    );
    expect(versions).toEqual([
      { version: '2.0.0', dist: { url: 'u2' }, require: { php: '^8.1' }, suggest: { x: 'y' } },
      { version: '1.0.0', dist: { url: 'u1' }, require: { php: '^8.1' } },
    ]);
  });

  it('takes the same version from the copy, keeping the public commit', async () => {
    const metadata = [
      { version: 'v7.3.0', dist: { type: 'zip', url: 'https://copy/7.3.0.zip', shasum: '1' } },
      { version: 'v7.2.1', dist: { type: 'zip', url: 'https://copy/7.2.1.zip', shasum: 'abc' } },
    ];
    const lock = await lockForRegistryCopy({ packages: [published], 'packages-dev': [] }, async () => metadata);
    expect(lock.packages[0]).toEqual({
      ...published,
      dist: { type: 'zip', url: 'https://copy/7.2.1.zip', reference: COMMIT, shasum: 'abc' },
    });
    expect(lock.packages[0].source).toEqual(published.source);
  });

  it('fails, naming the package, when the copy lacks the locked version (never another version)', async () => {
    const metadata = [{ version: 'v7.3.0', dist: { type: 'zip', url: 'https://copy/7.3.0.zip' } }];
    await expect(lockForRegistryCopy({ packages: [], 'packages-dev': [published] }, async () => metadata)).rejects.toThrow(
      "firebase/php-jwt v7.2.1 is not in this machine's PHP registry",
    );
  });
});
