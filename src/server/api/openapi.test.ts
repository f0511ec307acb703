// The OpenAPI document tells the truth about every operation: an operationId, a declared tag, a
// description, its security, and every failure status the REST door can answer, each with the
// real error body (`Error`, whose issues carry a `path`) and `Retry-After` on a 429.
import { describe, expect, it } from 'vitest';
import { procedureDefs } from '@/server/compat/trpc';
import { openApiDocument } from './openapi';
import { appRouter } from './root';
import { handleRest } from '@/test/front';

type Response = { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: { $ref?: string } }> };
type Operation = {
  operationId?: string;
  tags?: string[];
  description?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string }[];
  requestBody?: { content: { 'application/json': { schema: { required?: string[] } } } };
  responses: Record<string, Response>;
};
type Document = {
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties: Record<string, { items?: { properties?: Record<string, unknown> } }> }> };
};

const doc = () => openApiDocument('http://localhost:3000') as unknown as Document;

function operations(): [string, string, Operation][] {
  return Object.entries(doc().paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => [method.toUpperCase(), path, operation] as [string, string, Operation]));
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3 and lists the health check as public', () => {
    const document = openApiDocument('http://localhost:3000');
    expect(document.openapi).toMatch(/^3\./);
    const health = document.paths?.['/health']?.get;
    expect(health?.summary).toBe('Health check');
    expect(health?.security).toEqual([]);
    expect(Object.keys(document.components?.securitySchemes ?? {})).toEqual(['cookieAuth', 'bearerAuth']);
  });

  it('gives every operation a unique operationId, a declared tag, a description and its security', () => {
    const declared = new Set(doc().tags.map((tag) => tag.name));
    const ids = new Set<string>();
    for (const [method, path, operation] of operations()) {
      const call = `${method} ${path}`;
      expect(operation.operationId, call).toMatch(/^[A-Za-z][\w-]*$/);
      expect(ids.has(operation.operationId!), `${call}: duplicate operationId`).toBe(false);
      ids.add(operation.operationId!);
      expect(operation.tags?.length, call).toBe(1);
      expect(declared.has(operation.tags![0]!), `${call}: tag ${operation.tags![0]} declared`).toBe(true);
      expect(operation.description?.length, call).toBeGreaterThan(10);
      expect(Array.isArray(operation.security), `${call}: security declared, [] when public`).toBe(true);
    }
  });

  it('lists on every operation the failures every call can meet, with the real error body', () => {
    for (const [method, path, operation] of operations()) {
      const call = `${method} ${path}`;
      const statuses = Object.keys(operation.responses);
      for (const status of ['413', '500', '503']) expect(statuses, call).toContain(status);
      if (method !== 'GET' || operation.parameters?.length) expect(statuses, `${call} takes input`).toContain('400');
      if (path === '/health') expect(statuses, 'the health check takes no input').not.toContain('400');
      if (operation.security!.length) expect(statuses, call).toContain('401');
      if (method !== 'GET' && path !== '/stripe/webhook') expect(statuses, `${call}: cross-site refusal`).toContain('403');
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status.startsWith('2')) continue;
        expect(response.content?.['application/json']?.schema.$ref, `${call} ${status}`).toBe('#/components/schemas/Error');
        if (status === '429') expect(response.headers?.['Retry-After'], `${call} 429 Retry-After`).toBeDefined();
      }
    }
    const issue = doc().components.schemas.Error!.properties.issues!.items!;
    expect(Object.keys(issue.properties ?? {})).toEqual(['path', 'message']);
  });

  it('lists the statuses of the rules of each call', () => {
    const statuses = (method: string, path: string) => Object.keys(doc().paths[path]![method]!.responses);
    expect(statuses('post', '/auth/signup')).toEqual(expect.arrayContaining(['409', '429']));
    expect(statuses('post', '/auth/signin')).toEqual(expect.arrayContaining(['401', '429']));
    expect(statuses('post', '/tasks/{id}/complete')).toEqual(expect.arrayContaining(['404', '409']));
    expect(statuses('post', '/tasks/{id}/breakdown')).toEqual(expect.arrayContaining(['404', '503']));
    for (const path of ['/sessions/ai-plan', '/sessions/ai-generate', '/contact', '/auth/resend-verification']) expect(statuses('post', path), path).toContain('429');
    expect(statuses('get', '/tasks')).not.toContain('429');
    // Just start's focus writes carry an Idempotency-Key (replayed from the offline queue).
    expect(statuses('post', '/tasks/{id}/focus')).toEqual(expect.arrayContaining(['404', '409']));
    expect(doc().paths['/tasks/{id}/focus']!.post!.description).toContain('Idempotency-Key');
  });

  it('shows a task’s first-step line with an example, in the bodies it is read from and the Task it answers', () => {
    type Schema = { properties: Record<string, { examples?: unknown[]; description?: string }> };
    const body = (method: string, path: string) => (doc().paths[path]![method]!.requestBody!.content['application/json'].schema as unknown as Schema).properties.firstStep;
    for (const [method, path] of [['post', '/tasks'], ['put', '/tasks/{id}'], ['patch', '/tasks/{id}']] as const) {
      expect(body(method, path), `${method} ${path}`).toMatchObject({ examples: ['Open the draft'] });
    }
    const answer = doc().paths['/tasks']!.post!.responses['200']!.content!['application/json']!.schema as unknown as Schema;
    expect(answer.properties.firstStep).toMatchObject({ examples: ['Open the draft'], description: expect.stringContaining('Just start') });
  });

  it('answers, for a call without credentials and a call with a NUL character, only statuses the document lists', async () => {
    for (const [method, path, operation] of operations()) {
      if (path === '/stripe/webhook') continue;
      const url = `http://localhost:3000/api${path.replace(/\{[^}]+\}/g, 'some-id')}`;
      const body = method === 'GET' ? undefined : '{}';
      const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
      const plain = await handleRest(new Request(url, { method, body, headers }));
      expect(Object.keys(operation.responses), `${method} ${path} answered ${plain.status}`).toContain(String(plain.status));
      const nul = await handleRest(
        method === 'GET' ? new Request(`${url}?note=a%00b`) : new Request(url, { method, body: JSON.stringify({ note: 'a\u0000b' }), headers }),
      );
      expect(Object.keys(operation.responses), `${method} ${path} with a NUL character answered ${nul.status}`).toContain(String(nul.status));
      if (!operation.security!.length && operation.responses['400']) expect(nul.status, `${method} ${path} with a NUL character`).toBe(400);
    }
  });
});

describe('hand-documented route handlers', () => {
  it('lists the Stripe webhook as a public POST with its failures', () => {
    const webhook = doc().paths['/stripe/webhook']!.post!;
    expect(webhook.summary).toBe("Stripe's webhook");
    expect(webhook.security).toEqual([]);
    expect(webhook.operationId).toBe('billing-stripeWebhook');
    expect(webhook.responses['400']!.description).toContain('Invalid Stripe signature');
    expect(Object.keys(webhook.responses)).toEqual(['200', '400', '413', '500', '503']);
  });
});

describe('billing paths', () => {
  it('name the only provider, so no path overlaps another', () => {
    const paths = Object.keys(doc().paths);
    expect(paths).toEqual(expect.arrayContaining(['/stripe/create-checkout-session', '/stripe/create-portal-session', '/stripe/cancel-subscription']));
    expect(paths.filter((path) => path.includes('{provider}'))).toEqual([]);
  });
});

describe('DELETE inputs', () => {
  it('are documented as a JSON body, never as query parameters (the account password must not be in a URL)', () => {
    const document = doc();
    const deleteUser = document.paths['/user']!.delete!;
    expect(deleteUser.parameters ?? []).toEqual([]);
    expect(deleteUser.requestBody!.content['application/json'].schema.required).toEqual(['password']);
    for (const item of Object.values(document.paths)) expect((item.delete?.parameters ?? []).filter((parameter) => parameter.in === 'query')).toEqual([]);
  });
});

describe('the REST door per call', () => {
  it('gives every REST operation one input schema (trpc-to-openapi builds a merged zod schema on every call of a procedure with stacked inputs)', () => {
    const stacked = procedureDefs(appRouter)
      .filter(([, def]) => (def.meta as { openapi?: unknown } | undefined)?.openapi && def.inputs.length > 1)
      .map(([path]) => path);
    expect(stacked).toEqual([]);
  });
});
