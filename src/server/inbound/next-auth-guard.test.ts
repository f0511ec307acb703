// next-auth's own routes never see a request it would answer with a 500: malformed JSON, a
// hostile callbackUrl (query, form, cookie) or a GET on the credentials callback get a 4xx JSON
// error; ordinary requests pass through untouched.
import { describe, expect, it } from 'vitest';
import { isAcceptableCallbackUrl, refuseMalformedAuthRequest } from './next-auth-guard';

const at = (path: string, init: RequestInit = {}) => new Request(`http://localhost:3000${path}`, init);

describe('refuseMalformedAuthRequest', () => {
  it.each([
    ['malformed JSON on /session', at('/api/auth/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' }), 400],
    ['a JSON array body', at('/api/auth/csrf', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[1]' }), 400],
    ['GET on the credentials callback', at('/api/auth/callback/credentials'), 405],
    ['a javascript: callbackUrl', at('/api/auth/signin?callbackUrl=javascript:alert(1)'), 400],
    ['a protocol-relative callbackUrl', at('/api/auth/signin?callbackUrl=//evil.example'), 400],
    ['a data: callbackUrl in a form', at('/api/auth/signin/credentials', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'callbackUrl=data%3Atext%2Fhtml%2Cx' }), 400],
    ['a javascript: callback-url cookie', at('/api/auth/session', { headers: { cookie: 'next-auth.callback-url=javascript%3Aalert(1)' } }), 400],
  ])('refuses %s', async (_name, request, status) => {
    const answer = await refuseMalformedAuthRequest(request);
    expect(answer?.status).toBe(status);
    expect(answer?.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await answer!.json()) as { message: string; code: string };
    expect(body.code).toMatch(/^(BAD_REQUEST|METHOD_NOT_SUPPORTED)$/);
    if (status === 405) expect(answer!.headers.get('allow')).toBe('POST');
  });

  it.each([
    at('/api/auth/session'),
    at('/api/auth/csrf'),
    at('/api/auth/signin?callbackUrl=%2Fdashboard'),
    at('/api/auth/signin?callbackUrl=http%3A%2F%2Flocalhost%3A3000%2Fdashboard'),
    at('/api/auth/callback/credentials', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=a%40b.c&password=x&callbackUrl=%2Fdashboard' }),
    at('/api/auth/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"csrfToken":"x"}' }),
  ])('lets an ordinary request through: %s', async (request) => {
    expect(await refuseMalformedAuthRequest(request)).toBeNull();
  });

  it('accepts paths and http(s) URLs only', () => {
    expect(['/dashboard', '/', 'https://onething.example/x', 'http://localhost:3000/'].every(isAcceptableCallbackUrl)).toBe(true);
    expect(['javascript:alert(1)', '//evil.example', '/\\evil.example', 'data:text/html,x', 'dashboard', ''].some(isAcceptableCallbackUrl)).toBe(false);
  });
});
