// A benchmark run rewrites only the parts of bench/results.md it measured (report-sections.mjs).
import { describe, expect, it } from 'vitest';
import { replaceSection } from './report-sections.mjs';

const FILE = [
  '<!-- bench:start -->',
  '# Benchmark results',
  'old figures',
  '<!-- bench:end -->',
  '',
  '## A run read by hand (written by hand)',
  'what it meant',
  '',
  '<!-- lighthouse:start -->',
  'old scores',
  '<!-- lighthouse:end -->',
  '',
  '### More notes (written by hand)',
  '',
].join('\n');

describe('the generated parts of a results file', () => {
  it('replaces the part a run measured and keeps the hand-written sections and the other parts', () => {
    const next = replaceSection(FILE, 'bench', '# Benchmark results\nnew figures');
    expect(next).toContain('new figures');
    expect(next).not.toContain('old figures');
    expect(next).toContain('## A run read by hand (written by hand)\nwhat it meant');
    expect(next).toContain('old scores');
    expect(next).toContain('### More notes (written by hand)');
    expect(replaceSection(next, 'lighthouse', 'new scores')).toContain('<!-- lighthouse:start -->\nnew scores\n<!-- lighthouse:end -->');
  });

  it('adds a part the file does not have yet, at its start or its end', () => {
    expect(replaceSection(FILE, 'frontend', 'first-load JS').endsWith('<!-- frontend:start -->\nfirst-load JS\n<!-- frontend:end -->\n')).toBe(true);
    expect(replaceSection('## notes\n', 'bench', 'figures', 'start')).toBe('<!-- bench:start -->\nfigures\n<!-- bench:end -->\n\n## notes\n');
  });
});
