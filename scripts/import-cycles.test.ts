// No import cycle anywhere in the app's sources (src/, tests excluded: they may reach anything).
// Dynamic imports and type-only imports count: a lazily loaded module that imports its loader
// back, or two modules that need each other's types, are still two modules that cannot be
// understood, moved or split apart one without the other.
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '@/test/import-graph';

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

describe('import cycles', () => {
  it('finds a cycle when there is one', () => {
    const edges = [
      { from: 'a', to: 'b', typeOnly: false },
      { from: 'b', to: 'c', typeOnly: false },
      { from: 'c', to: 'a', typeOnly: true },
      { from: 'c', to: 'd', typeOnly: false },
    ];
    expect(importCycles(edges)).toEqual([['a', 'b', 'c']]);
  });

  it('reads dynamic and type-only imports across src', () => {
    const edges = importGraph('src').map(({ from, to, typeOnly }) => `${from} -> ${to}${typeOnly ? ' (type)' : ''}`);
    expect(edges).toContain('src/features/session/SessionIsland.tsx -> src/features/session/SessionApp.tsx');
    expect(edges).toContain('src/features/session/completion.ts -> src/lib/schemas/session.ts (type)');
  });

  it('has none in src', () => {
    expect(importCycles(importGraph('src').filter((edge) => !isTest(edge.from)))).toEqual([]);
  });
});
