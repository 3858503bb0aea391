// BUILD_DIR lets a second build (a parallel check, a benchmark) live beside the main one
// without overwriting it; unset, the build goes to build/ and public/build/ as usual.
const out = process.env.BUILD_DIR ? process.env.BUILD_DIR.replace(/\/+$/, '') : '.';

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}'],
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  serverBuildPath: `${out}/build/index.js`,
  assetsBuildDirectory: `${out}/public/build`,
  publicPath: '/build/',
  tailwind: true,
  postcss: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
  },
};
