// The layers of the whole tree point one way, and server state lives in one place. From the top:
//   src/app              routes, layouts and pages (the Next entry files)
//   src/features         screens and their parts
//   src/components       the shared UI kit
//   src/trpc             the browser's API client and the server components' prefetch
//   src/lib              shared rules, schemas and constants: imports nothing above it
// and src/server beside them, with its own layers (src/server/layers.test.ts). Pages, components
// and every other module outside src/server never import a server module that reads the database:
// they call an entry point (src/server/inbound: a server function for pages, the HTTP front; the
// MCP connector's handler, src/server/mcp) or the API (src/server/api, as the tRPC prefetch does). Module-level mutable state in server code
// is a process singleton (src/server/process-singleton.ts), since Next evaluates a module more
// than once per process: nothing else may keep a module-level `let` or mutate a module-level
// container. Tests are left out: they may reach anything.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importGraph, type ImportEdge } from '@/test/import-graph';

const ROOT = path.resolve(import.meta.dirname, '..');
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('src/test/');
const graph = importGraph('src').filter((edge) => !isTest(edge.from));
const show = (edges: ImportEdge[]) => edges.map(({ from, to }) => `${from} -> ${to}`);

const CLIENT_RANKS: [prefix: string, rank: number][] = [
  ['src/app/', 5],
  ['src/features/', 4],
  ['src/components/', 3],
  ['src/trpc/', 2],
  ['src/lib/', 1],
];
const clientRank = (file: string) => CLIENT_RANKS.find(([prefix]) => file.startsWith(prefix))?.[1];
const isServer = (file: string) => file.startsWith('src/server/');
/** Where code outside src/server may enter the server: its entry points, the API and the MCP connector. */
const isEntry = (file: string) => /^src\/server\/(inbound|api|mcp)\//.test(file);
/** Next's process start hook: the server's own entry file, where Next wants it (it starts the jobs). */
const SERVER_START = 'src/instrumentation.ts';

/** The server modules that read the database: src/server/db itself and every module that reaches it through value imports. */
function readsDatabase(): Set<string> {
  const value = graph.filter((edge) => !edge.typeOnly && isServer(edge.from) && isServer(edge.to));
  const isDb = (file: string) => file === 'src/server/db.ts' || file.startsWith('src/server/db/');
  const reaches = new Set(value.filter((edge) => isDb(edge.to)).map((edge) => edge.from));
  for (const edge of value) if (isDb(edge.from) || isDb(edge.to)) reaches.add(isDb(edge.from) ? edge.from : edge.to);
  let grew = true;
  while (grew) {
    grew = false;
    for (const edge of value) {
      if (reaches.has(edge.to) && !reaches.has(edge.from)) {
        reaches.add(edge.from);
        grew = true;
      }
    }
  }
  return reaches;
}

describe('the layers of the whole tree', () => {
  it('reads the import graph of all of src', () => {
    expect(show(graph)).toContain('src/features/tasks/TaskFormDialog.tsx -> src/lib/api-error.ts');
    expect(show(graph)).toContain('src/app/(app)/layout.tsx -> src/server/inbound/page-session.ts');
  });

  it('has lib import nothing above it (types included)', () => {
    const upward = graph.filter((edge) => edge.from.startsWith('src/lib/') && !edge.to.startsWith('src/lib/') && !edge.to.startsWith('src/generated/'));
    expect(show(upward)).toEqual([]);
  });

  it('has no import from a lower client layer into a higher one', () => {
    const upward = graph.filter((edge) => {
      const from = clientRank(edge.from);
      const to = clientRank(edge.to);
      return from !== undefined && to !== undefined && from < to;
    });
    expect(show(upward)).toEqual([]);
  });

  it('keeps pages, components and all code outside src/server away from modules that read the database', () => {
    const database = readsDatabase();
    expect(database.has('src/server/db.ts')).toBe(true);
    expect(database.has('src/server/auth/session.ts')).toBe(true);
    const reaching = graph.filter((edge) => !isServer(edge.from) && edge.from !== SERVER_START && !edge.typeOnly && database.has(edge.to) && !isEntry(edge.to));
    expect(show(reaching)).toEqual([]);
  });
});

// ---------------------------------------------------------------- module-level state

const PROCESS_STATE = 'src/server/process-singleton.ts';
/**
 * The environment keeps its parsed value on globalThis by hand, under the same kind of key
 * processSingleton uses (Symbol.for('onething.env')): the launcher (scripts/start.mjs) loads that
 * file with Node alone, which resolves neither the '@/' alias nor an import without its extension.
 */
const BY_HAND = new Set(['src/server/env.ts: mutates holder']);
/** Server code: src/server, the Next entry files that run on the server, and *.server.ts modules. */
function serverFiles(): string[] {
  const all = fs.readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).map((file) => `src/${file.split(path.sep).join('/')}`);
  return all.filter(
    (file) =>
      /\.tsx?$/.test(file) &&
      !file.endsWith('.d.ts') &&
      !isTest(file) &&
      !file.startsWith('src/generated/') &&
      file !== PROCESS_STATE &&
      (isServer(file) || /\.server\.tsx?$/.test(file) || /^src\/app\/.*\/route\.ts$/.test(file) || file === 'src/proxy.ts' || file === 'src/instrumentation.ts'),
  );
}

const MUTATORS = new Set(['set', 'add', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);

/** Module-level `let`/`var`, and module-level constants that the module mutates (not a processSingleton). */
export function moduleState(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const constants = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of list.declarations) {
      if (!ts.isIdentifier(declaration.name)) continue;
      const name = declaration.name.text;
      if (!isConst) found.push(`${file}: let ${name}`);
      else if (!(declaration.initializer && ts.isCallExpression(declaration.initializer) && declaration.initializer.expression.getText(source) === 'processSingleton')) constants.add(name);
    }
  }
  const root = (node: ts.Expression): string | undefined => {
    let current = node;
    while (ts.isPropertyAccessExpression(current) || ts.isElementAccessExpression(current) || ts.isNonNullExpression(current) || ts.isParenthesizedExpression(current)) current = current.expression;
    return ts.isIdentifier(current) ? current.text : undefined;
  };
  const visit = (node: ts.Node) => {
    let target: string | undefined;
    if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
      if (ts.isPropertyAccessExpression(node.left) || ts.isElementAccessExpression(node.left)) target = root(node.left);
    } else if (ts.isDeleteExpression(node) || ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && [ts.SyntaxKind.PlusPlusToken, ts.SyntaxKind.MinusMinusToken].includes(node.operator))) {
      const operand = ts.isDeleteExpression(node) ? node.expression : node.operand;
      if (ts.isPropertyAccessExpression(operand) || ts.isElementAccessExpression(operand)) target = root(operand);
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && MUTATORS.has(node.expression.name.text)) {
      target = root(node.expression.expression);
    }
    if (target && constants.has(target) && !shadowed(node, target)) found.push(`${file}: mutates ${target}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...new Set(found)];
}

/** True when `name` at `node` is a local of an enclosing function or block, not the module's. */
function shadowed(node: ts.Node, name: string): boolean {
  for (let scope = node.parent; scope && !ts.isSourceFile(scope); scope = scope.parent) {
    if (ts.isFunctionLike(scope) && scope.parameters.some((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === name)) return true;
    if (ts.isBlock(scope) || ts.isForStatement(scope) || ts.isForOfStatement(scope)) {
      let declared = false;
      scope.forEachChild((child) => {
        const list = ts.isVariableStatement(child) ? child.declarationList : ts.isVariableDeclarationList(child) ? child : undefined;
        if (list?.declarations.some((declaration) => ts.isIdentifier(declaration.name) && declaration.name.text === name)) declared = true;
      });
      if (declared) return true;
    }
  }
  return false;
}

describe('module-level server state', () => {
  it('finds a module-level let and a mutated module-level container, and accepts a process singleton', () => {
    const text = [
      'let count = 0;',
      'const cache = new Map<string, number>();',
      "const shared = processSingleton('x', () => new Map<string, number>());",
      'const FIXED = new Set([1]);',
      'export function f(key: string) { count += 1; cache.set(key, 1); shared.set(key, 2); return FIXED.has(1); }',
      'export function g() { const cache = new Map(); cache.set(1, 1); }',
    ].join('\n');
    expect(moduleState('x.ts', text)).toEqual(['x.ts: let count', 'x.ts: mutates cache']);
  });

  it('is kept only through the process-state module', () => {
    const found = serverFiles().flatMap((file) => moduleState(file, fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(found.filter((entry) => !BY_HAND.has(entry))).toEqual([]);
  });
});

describe('no code handed over through globalThis', () => {
  it('has registered globalThis keys only in the process-state module and the environment, in src and in the server scripts', () => {
    const files = [
      ...fs.readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).map((file) => `src/${file.split(path.sep).join('/')}`),
      ...fs.readdirSync(path.join(ROOT, 'scripts')).map((file) => `scripts/${file}`),
    ].filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !isTest(file) && !file.startsWith('src/generated/'));
    const keyed = files.filter((file) => /Symbol\.for\(/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));
    // The server takes the front from the server bundle (scripts/server.mjs imports it), not from a callback Next fills in.
    expect(keyed.sort()).toEqual(['src/server/env.ts', PROCESS_STATE]);
  });
});
