/**
 * Plain JavaScript, not TypeScript: Next.js would compile a next.config.ts with SWC at every
 * start of the server (loading its native compiler), and nothing at start-up is transpiled.
 *
 * @type {import('next').NextConfig}
 */
const config = {
  reactStrictMode: true,
  poweredByHeader: false,
  experimental: {
    // Loading every page's code at start kept the first requests waiting about a second (a cold
    // start is measured to the first page: bench/cold-start.ts); each page's code loads on its
    // first request instead.
    preloadEntriesOnStart: false,
  },
  // Security headers are set per request by the server (src/server/http/security-headers.ts),
  // because the Content-Security-Policy depends on run-time configuration (the analytics host).
};

export default config;
