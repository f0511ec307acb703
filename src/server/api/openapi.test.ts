// The OpenAPI document lists every REST call with both security schemes.
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi';

describe('OpenAPI document', () => {
  it('is OpenAPI 3 and lists the health check as public', () => {
    const document = openApiDocument('http://localhost:3000');
    expect(document.openapi).toMatch(/^3\./);
    const health = document.paths?.['/health']?.get;
    expect(health?.summary).toBe('Health check');
    expect(health?.security ?? []).toEqual([]);
    expect(Object.keys(document.components?.securitySchemes ?? {})).toEqual(['cookieAuth', 'bearerAuth']);
  });
});

describe('hand-documented route handlers', () => {
  it('lists the Stripe webhook as a public POST', () => {
    const webhook = openApiDocument('http://localhost:3000').paths?.['/stripe/webhook']?.post;
    expect(webhook?.summary).toBe("Stripe's webhook");
    expect(webhook?.security).toEqual([]);
  });
});

describe('DELETE inputs', () => {
  it('are documented as a JSON body, never as query parameters (the account password must not be in a URL)', () => {
    const document = openApiDocument('http://localhost:3000') as unknown as {
      paths: Record<string, { delete?: { parameters?: { in: string }[]; requestBody?: { content: { 'application/json': { schema: { required?: string[] } } } } } }>;
    };
    const deleteUser = document.paths['/user']!.delete!;
    expect(deleteUser.parameters ?? []).toEqual([]);
    expect(deleteUser.requestBody!.content['application/json'].schema.required).toEqual(['password']);
    for (const item of Object.values(document.paths)) expect((item.delete?.parameters ?? []).filter((parameter) => parameter.in === 'query')).toEqual([]);
  });
});
