// Ids written by the node-postgres paths look like Prisma's cuid() ids and never repeat.
import { describe, expect, it } from 'vitest';
import { newId } from './ids';

describe('newId', () => {
  it('has the form of a Prisma cuid, is unique and sorts by time', () => {
    const ids = Array.from({ length: 20_000 }, () => newId());
    for (const id of ids.slice(0, 50)) expect(id).toMatch(/^c[0-9a-z]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
    const earlier = newId(Date.UTC(2026, 0, 1));
    const later = newId(Date.UTC(2026, 0, 2));
    expect(earlier.slice(0, 9) < later.slice(0, 9)).toBe(true);
  });
});
