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
      ['/tasks/{id}/focus', 'post'],
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

  it('describes applyTo on the edits of a repeating task, and the focus writes', () => {
    const paths = openApiDocument('http://localhost:3000').paths ?? {};
    type Operation = { description?: string; requestBody?: { content: Record<string, { schema: { properties?: Record<string, { description?: string; enum?: string[] }> } }> } };
    for (const method of ['put', 'patch'] as const) {
      const operation = (paths['/tasks/{id}'] as Record<string, Operation>)[method]!;
      expect(operation.description, method).toContain('`"this"` changes only this occurrence');
      expect(operation.description, method).toContain('`"following"` (the default)');
      const applyTo = operation.requestBody!.content['application/json']!.schema.properties!.applyTo!;
      expect(applyTo.enum, method).toEqual(['this', 'following']);
      expect(applyTo.description, method).toMatch(/^For a repeating task: 'this' changes only this occurrence/);
    }
    const focus = (paths['/tasks/{id}/focus'] as Record<string, Operation & { summary?: string }>).post!;
    expect(focus.summary).toBe('Add focused time to a task');
    expect(focus.description).toContain('actualMinutes');
    const seconds = focus.requestBody!.content['application/json']!.schema.properties!.seconds as { description?: string; minimum?: number; maximum?: number };
    expect(seconds).toMatchObject({ minimum: 1, maximum: 14_400 });
    expect(seconds.description).toContain('Seconds focused on this task');
  });
});
