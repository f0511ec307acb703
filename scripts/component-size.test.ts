// No component file over 300 lines: a screen that grows past it is doing several jobs (the focus
// session screen is split by concern: src/features/session/FocusView.tsx and the modules it draws
// with). Every .tsx file under src counts (pages, layouts and components alike), tests excepted.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 300;
const root = path.resolve(import.meta.dirname, '..');

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

/** Lines as an editor counts them (a final newline does not start another line). */
export function lineCount(text: string): number {
  if (text === '') return 0;
  return text.replace(/\n$/, '').split('\n').length;
}

/** The files over `max` lines, with their counts, longest first. */
export function overLimit(files: { file: string; text: string }[], max = MAX_LINES): string[] {
  return files
    .map(({ file, text }) => ({ file, lines: lineCount(text) }))
    .filter(({ lines }) => lines > max)
    .sort((a, b) => b.lines - a.lines)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
}

describe('component size', () => {
  it('names a file one line over the limit, and not one at it', () => {
    const at = 'x\n'.repeat(MAX_LINES);
    const over = 'x\n'.repeat(MAX_LINES + 1);
    expect(overLimit([{ file: 'At.tsx', text: at }, { file: 'Over.tsx', text: over }])).toEqual([`Over.tsx: ${MAX_LINES + 1} lines`]);
  });

  it(`has no .tsx file over ${MAX_LINES} lines in src`, () => {
    const files = componentFiles(path.join(root, 'src'));
    expect(files.length).toBeGreaterThan(50);
    const read = files.map((file) => ({ file: path.relative(root, file), text: readFileSync(file, 'utf8') }));
    expect(overLimit(read)).toEqual([]);
  });
});
