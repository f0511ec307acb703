// The dependency audit's verdict (scripts/audit-deps.mjs): only high and critical advisories of
// the production tree fail; an unreachable advisory endpoint is reported, not mistaken for clean.
import { describe, expect, it } from 'vitest';
import { verdict } from './audit-deps.mjs';

const report = (vulnerabilities: Record<string, { severity: string }>) => ({
  vulnerabilities: Object.fromEntries(Object.entries(vulnerabilities).map(([name, item]) => [name, { name, ...item, fixAvailable: true }])),
  metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: Object.keys(vulnerabilities).length } },
});

describe('npm run audit:deps', () => {
  it('fails on high and critical advisories only', () => {
    expect(verdict(report({})).failing).toEqual([]);
    expect(verdict(report({ a: { severity: 'low' }, b: { severity: 'moderate' } })).failing).toEqual([]);
    expect(verdict(report({ a: { severity: 'moderate' }, b: { severity: 'high' }, c: { severity: 'critical' } })).failing.map((item: { name: string }) => item.name)).toEqual(['b', 'c']);
  });

  it('reports an advisory endpoint that did not answer instead of calling the tree clean', () => {
    const answer = verdict({ error: { code: 'ENOAUDIT', summary: '405 Method Not Allowed' } });
    expect(answer.available).toBe(false);
    expect(answer.message).toContain('405');
    expect(verdict({ message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk', statusCode: 405 }).message).toContain('405');
    expect(verdict({}).available).toBe(false);
  });
});
