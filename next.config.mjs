import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * use-intl (next-intl's core) formats messages compiled ahead (src/i18n/compile.ts) with its
 * format-only runtime, as next-intl's `experimental.messages.precompile` does: without it every
 * page would carry the ICU parser and intl-messageformat (about 9 kB gzip), which the first-load
 * budget cannot take. A relative path, as Turbopack's aliases want.
 */
const FORMAT_ONLY = `./${path.relative(process.cwd(), createRequire(import.meta.url).resolve('use-intl/format-message/format-only')).replace(/\\/g, '/')}`;

/**
 * Plain JavaScript, not TypeScript: Next.js would compile a next.config.ts with SWC at every
 * start of the server (loading its native compiler), and nothing at start-up is transpiled.
 *
 * @type {import('next').NextConfig}
 */
const config = {
  reactStrictMode: true,
  poweredByHeader: false,
  // npm run dev only: the page-reload connection may come from either loopback name.
  allowedDevOrigins: ['127.0.0.1', 'localhost'],
  experimental: {
    // Loading every page's code at start kept the first requests waiting about a second (a cold
    // start is measured to the first page: bench/cold-start.ts); each page's code loads on its
    // first request instead.
    preloadEntriesOnStart: false,
  },
  // npm test typechecks the sources before it builds (scripts/test.sh), and says so; every other
  // build typechecks them.
  typescript: { ignoreBuildErrors: process.env.CHORUS_BUILD_TYPECHECKED === '1' },
  turbopack: { resolveAlias: { 'use-intl/format-message': FORMAT_ONLY } },
  // Bundled for the server too (Next.js leaves packages external in the Pages Router's server
  // code), so that the alias above applies to the server's render as to the browser's.
  transpilePackages: ['use-intl'],
  // Security headers are set per request by the server (src/server/http/security-headers.ts),
  // because the Content-Security-Policy depends on run-time configuration (the analytics host).
};

export default config;
