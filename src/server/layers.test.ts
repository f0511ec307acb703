// The server's layers point one way. From the top:
//   inbound/   entry points: the API door, the Stripe webhook, next-auth's options and guard
//   mcp/       the MCP connector, an entry point beside them (it calls the router like a door)
//   api/       the router and its two doors' wire format (tRPC, REST, OpenAPI)
//   jobs/      scheduled work
//   services/  the rules
//   the rest   adapters (auth, ai, billing, mail, db, http) and the error vocabulary (errors.ts)
// A module may import its own layer or any layer below it, never one above (tests excluded: they
// may reach anything). That no import cycle runs anywhere in src is checked by
// scripts/import-cycles.test.ts.
import { describe, expect, it } from 'vitest';
import { importGraph, type ImportEdge } from '@/test/import-graph';

const LAYERS: [prefix: string, rank: number][] = [
  ['src/server/inbound/', 4],
  ['src/server/mcp/', 4],
  ['src/server/api/', 3],
  ['src/server/jobs/', 2.5],
  ['src/server/services/', 2],
];
const rank = (file: string) => LAYERS.find(([prefix]) => file.startsWith(prefix))?.[1] ?? 1;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

const graph = importGraph('src/server').filter((edge) => !isTest(edge.from));
const show = (edges: ImportEdge[]) => edges.map(({ from, to }) => `${from} -> ${to}`);

describe('src/server layers', () => {
  it('reads the import graph (aliased and relative imports alike)', () => {
    expect(show(graph)).toContain('src/server/services/auth.service.ts -> src/server/errors.ts');
    expect(show(graph)).toContain('src/server/api/trpc.ts -> src/server/api/errors.ts');
  });

  it('has no import from a lower layer into a higher one (type-only imports included)', () => {
    expect(show(graph.filter((edge) => rank(edge.from) < rank(edge.to)))).toEqual([]);
  });

  it('keeps services, adapters and jobs out of src/server/api, src/server/inbound and src/server/mcp', () => {
    const entry = /^src\/server\/(api|inbound|mcp)\//;
    const upward = graph.filter(
      (edge) => !entry.test(edge.from) && entry.test(edge.to),
    );
    expect(show(upward)).toEqual([]);
  });
});
