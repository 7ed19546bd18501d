import type { NextConfig } from 'next';

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Security headers are set per request by the server (src/server/http/security-headers.ts),
  // because the Content-Security-Policy depends on run-time configuration (the analytics host).
};

export default config;
