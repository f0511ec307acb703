// The operator's guide documents every variable the app validates, each in one row of its
// configuration table, and .env.example names each one, so a new variable cannot ship
// undocumented.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

function validatedVariables(): string[] {
  const source = read('src/server/env.ts');
  return [...source.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!);
}

describe('configuration docs', () => {
  const names = validatedVariables();

  it('finds the variables of env.ts', () => {
    expect(names).toEqual(expect.arrayContaining(['DATABASE_URL', 'AUTH_SECRET', 'SENTRY_DSN', 'LOG_LEVEL']));
  });

  it('docs/deploy.md has one configuration row for each', () => {
    const guide = read('docs/deploy.md');
    for (const name of names) {
      const rows = guide.split('\n').filter((line) => line.startsWith('|') && new RegExp(`^\\| [^|]*\`${name}\``).test(line));
      expect(rows, `${name} in docs/deploy.md`).toHaveLength(1);
    }
  });

  it('.env.example names each', () => {
    const example = read('.env.example');
    for (const name of names.filter((name) => name !== 'NODE_ENV')) expect(example, `${name} in .env.example`).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });
});
