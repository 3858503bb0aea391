// ESLint for every JavaScript and TypeScript file of the site, its server, scripts, benches and
// tests. `npm run lint` checks (no writes); `npm run format` applies the auto-fixes.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A test declared to fail (Playwright's test.fail(), vitest's it.fails / test.fails) passes while
// what it checks is broken: a check that cannot fail. Fix the code or the test instead.
const declaredFailure = {
  selector:
    'MemberExpression[property.name=/^fails?$/]:matches([object.name=/^(test|it|describe|suite)$/], [object.object.name=/^(test|it|describe|suite)$/])',
  message: 'A test declared to fail counts a broken check as passing; fix the code or the test instead.',
};

// Every page of an end-to-end test is watched for browser errors by the fixtures (tests/e2e/support/
// fixtures.ts): a context or browser made around them would go unwatched.
const unwatchedBrowser = [
  {
    selector: "MemberExpression[object.name='browser'][property.name=/^(newContext|newPage)$/]",
    message: 'Use the newContext fixture: its pages are watched for browser errors like the test page.',
  },
  {
    selector:
      'MemberExpression[object.name=/^(chromium|firefox|webkit)$/][property.name=/^(launch|launchPersistentContext|connect|connectOverCDP)$/]',
    message: "A browser of the test's own goes unwatched; use the page, context or newContext fixtures.",
  },
  {
    // Chromium's line for a failed request ends with the request's URL, so the pattern can name it.
    selector: "CallExpression[callee.object.name='browserErrors'][callee.property.name='expect'] > Literal[regex.pattern!=/\\//]",
    message:
      'A declared browser error names its request: put the path in the pattern, e.g. /status of 404 \\(Not Found\\) \\(\\S+\\/news\\?page=500\\b/.',
  },
];

export default tseslint.config(
  {
    // Built, installed or generated files; WordPress's PHP is PHPCS's job (phpcs.xml.dist).
    ignores: [
      'build/**',
      'public/build/**',
      '.local/**',
      '.cache/**',
      '.build-*/**',
      '**/node_modules/**',
      '**/vendor/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      // Mutation testing's sandbox copies and reports (npm run mutate).
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  // Not type-aware: measured over app/, server/ and tests/, the type-checked preset took four times
  // as long (36 s of CPU against 9 s), and `tsc --noEmit` already runs as its own step of `npm test`.
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      // An unused name is an error, except `_`-prefixed ones, which mark a parameter a signature
      // requires or a field that is destructured out on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The React code: the routes and components run in the browser as well as on the server.
    files: ['app/**/*.{ts,tsx}', 'tests/**/*.tsx'],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      globals: { ...globals.browser, ...globals.node },
    },
    settings: { react: { version: '18.3' } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Only the two classic hook rules: the rest of the plugin's preset checks code for the React
      // Compiler, which this site does not use.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Props are typed by TypeScript, which checks them at build time.
      'react/prop-types': 'off',
      // A video post in WordPress carries the file and no caption track, so there is nothing to
      // put in a <track>; an empty one would pass this rule and caption nothing. Captions need a
      // caption field on the video post first.
      'jsx-a11y/media-has-caption': 'off',
      // The recommended options, plus one: a labelled <section> (a carousel region) may take the
      // arrow keys that bubble up from its own buttons and links, the keyboard model of a carousel.
      // That is event delegation, not a static element made to act as a control.
      'jsx-a11y/no-noninteractive-element-interactions': [
        'error',
        {
          ...jsxA11y.flatConfigs.recommended.rules['jsx-a11y/no-noninteractive-element-interactions'][1],
          section: ['onKeyDown'],
        },
      ],
    },
  },
  {
    // The integration tests read WordPress's and the site's JSON responses untyped (the helpers'
    // body type defaults to any): the test's own expectations are the check on each shape, and
    // declaring every shape first would state each assertion twice.
    files: ['tests/integration/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright reads a fixture's first parameter as a destructuring pattern to learn which
    // fixtures it depends on; one that needs none must still be written `{}`.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'app/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', declaredFailure] },
  },
  {
    // The fixtures themselves make the contexts they watch.
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/support/fixtures.ts'],
    rules: { 'no-restricted-syntax': ['error', declaredFailure, ...unwatchedBrowser] },
  },
  {
    // app/lib serves the routes, never the other way round: a lib module that reached into a route or
    // the root would tie shared code to one page and make import cycles through the route tree.
    files: ['app/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['~/routes/*', '~/root', '../../routes/*', '../../root'], message: 'app/lib must not import a route or root.tsx.' },
          ],
        },
      ],
    },
  },
  {
    // Browser-only scripts: the wp-admin gallery picker. It is served as written, without a build
    // step, in ES5 like WordPress's own admin scripts, so callbacks reach the object through `self`.
    files: ['wordpress/plugins/car-export/assets/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser, jQuery: 'readonly', wp: 'readonly' } },
    rules: { '@typescript-eslint/no-this-alias': 'off' },
  },
);
