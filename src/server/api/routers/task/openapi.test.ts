// The OpenAPI document lists every task and session call as protected, with JSON types.
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../openapi';

describe('OpenAPI document: tasks and sessions', () => {
  it('lists every task and session call, protected, with static paths beside /{id}', () => {
    const document = openApiDocument('http://localhost:3000');
    const paths = document.paths ?? {};
    const expected: [string, string][] = [
      ['/tasks', 'get'],
      ['/tasks', 'post'],
      ['/tasks/current', 'get'],
      ['/tasks/counts', 'get'],
      ['/tasks/calendar-feed', 'get'],
      ['/tasks/calendar-feed', 'delete'],
      ['/tasks/calendar-feed/rotate', 'post'],
      ['/tasks/{id}', 'put'],
      ['/tasks/{id}', 'patch'],
      ['/tasks/{id}', 'delete'],
      ['/tasks/{id}/complete', 'post'],
      ['/sessions', 'get'],
      ['/sessions', 'post'],
      ['/sessions/{id}', 'get'],
      ['/sessions/{id}', 'delete'],
      ['/sessions/{id}/tasks', 'get'],
    ];
    for (const [path, method] of expected) {
      const operation = (paths[path] as Record<string, { security?: unknown[] }> | undefined)?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation?.security?.length, `${method} ${path} is protected`).toBeGreaterThan(0);
    }
    const create = JSON.stringify(paths['/tasks']?.post);
    expect(create).toContain('Very Hard');
    expect(create).toContain('"isAiGenerated":{"type":"boolean"');
    expect(JSON.stringify(paths['/sessions']?.post)).toContain('{"type":"integer","exclusiveMinimum":0,"maximum":50}');
  });

  it('documents both answers of GET /tasks (the array, and a page with limit or cursor) and its filters', () => {
    const list = (openApiDocument('http://localhost:3000').paths ?? {})['/tasks']?.get as {
      parameters?: { name: string }[];
      responses: Record<string, { content: Record<string, { schema: { anyOf?: { type?: string; properties?: Record<string, unknown> }[] } }> }>;
    };
    expect(list.parameters?.map((parameter) => parameter.name).sort()).toEqual(['completed', 'cursor', 'from', 'limit', 'status', 'to']);
    const shapes = list.responses['200']!.content['application/json']!.schema.anyOf ?? [];
    expect(shapes.map((shape) => shape.type)).toEqual(['array', 'object']);
    expect(Object.keys(shapes[1]!.properties ?? {}).sort()).toEqual(['items', 'nextCursor']);
  });
});
