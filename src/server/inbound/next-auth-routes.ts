// next-auth's own routes under /api/auth (its documented REST API), which the front hands to
// Next's route file src/app/api/auth/[...nextauth]/route.ts. Every other method and path under
// /api/auth is a REST procedure's (sign-in, sign-up, sign-out, me, ...) or the REST door's 404.
export const NEXT_AUTH_ROUTES: { method: string[]; url: string }[] = [
  { method: ['GET', 'POST'], url: '/api/auth/session' },
  { method: ['GET'], url: '/api/auth/csrf' },
  { method: ['GET'], url: '/api/auth/providers' },
  { method: ['GET'], url: '/api/auth/signin' },
  { method: ['GET', 'POST'], url: '/api/auth/signin/:provider' },
  { method: ['GET'], url: '/api/auth/signout' },
  { method: ['GET', 'POST'], url: '/api/auth/callback/:provider' },
  { method: ['GET'], url: '/api/auth/error' },
  { method: ['GET'], url: '/api/auth/verify-request' },
  { method: ['POST'], url: '/api/auth/_log' },
];
