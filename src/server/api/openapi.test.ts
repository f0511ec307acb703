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
