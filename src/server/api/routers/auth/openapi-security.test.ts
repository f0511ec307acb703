// The OpenAPI document tells the truth about authentication: every call that needs a session
// declares its schemes (cookie and bearer token, or the cookie alone for the account's keys) and
// answers 401 without one; the public account calls declare none.
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@/server/api/openapi';
import { handleRest } from '@/test/front';

const PUBLIC = [
  'POST /auth/signup',
  'POST /auth/signin',
  'POST /auth/signout',
  'POST /auth/forgot-password',
  'POST /auth/reset-password',
  'GET /auth/verify-email',
  'POST /contact',
];
const PROTECTED = [
  'GET /auth/me',
  'POST /auth/resend-verification',
  'PATCH /user',
  'DELETE /user',
  'PATCH /user/preferences',
  'PATCH /user/reset-password',
  'GET /user/tokens',
  'POST /user/tokens',
  'DELETE /user/tokens/{id}',
];

const BROWSER_SESSION_ONLY = ['POST /auth/resend-verification', 'DELETE /user', 'PATCH /user/reset-password', 'GET /user/tokens', 'POST /user/tokens', 'DELETE /user/tokens/{id}'];

type Operation = { security?: Record<string, string[]>[] };

function operations() {
  const document = openApiDocument('http://localhost:3000');
  const found = new Map<string, Operation>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, Operation>)) found.set(`${method.toUpperCase()} ${path}`, operation);
  }
  return found;
}

describe('OpenAPI security of the account calls', () => {
  it('lists every account call, public ones without security, the others with cookie or bearer', () => {
    const all = operations();
    for (const call of PUBLIC) {
      expect(all.has(call), call).toBe(true);
      expect(all.get(call)?.security ?? [], call).toEqual([]);
    }
    for (const call of PROTECTED) {
      // Calls that hold the account's keys refuse personal access tokens: they declare the cookie only.
      expect(all.get(call)?.security, call).toEqual(BROWSER_SESSION_ONLY.includes(call) ? [{ cookieAuth: [] }] : [{ cookieAuth: [] }, { bearerAuth: [] }]);
    }
    const schemes = openApiDocument('http://localhost:3000').components?.securitySchemes as Record<string, { name?: string }>;
    expect(schemes.cookieAuth?.name).toBe('next-auth.session-token');
  });

  it('every call the document marks as protected answers 401 without credentials', async () => {
    for (const [call, operation] of operations()) {
      if (!operation.security?.length) continue;
      const [method, path] = call.split(' ') as [string, string];
      const url = `http://localhost:3000/api${path.replace(/\{[^}]+\}/g, 'some-id')}`;
      const body = ['GET', 'DELETE'].includes(method) ? undefined : '{}';
      const response = await handleRest(new Request(url, { method, body, headers: body ? { 'content-type': 'application/json' } : {} }));
      expect(response.status, call).toBe(401);
    }
  });
});
