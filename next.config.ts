import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The API answers its own 404/405 envelopes; keep URLs exactly as clients send them.
  skipTrailingSlashRedirect: true,
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
