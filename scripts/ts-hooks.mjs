// Module hooks that let Node load the project's TypeScript sources directly, for the operator
// script `npm run reminders` (scripts/run-reminders.mjs) on a checkout: Node strips the types
// itself; these hooks resolve the `@/` and `@emails/` paths and extensionless relative imports the
// way tsconfig.json and the bundler do, and compile .tsx (e-mail templates) with the TypeScript
// compiler, a development dependency. The app's server uses none of this: it runs Next's build
// (docs/architecture.md).
//
// Compiled .tsx is kept in the build's folder (.next/onething-tsx, keyed by a hash of the source,
// the compiler's version and its options), so a second run does not compile again.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire, registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const ALIASES = { '@/': path.join(root, 'src/'), '@emails/': path.join(root, 'emails/') };
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function existing(base) {
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && (extension !== '' || /\.[cm]?[jt]sx?$/.test(candidate))) return candidate;
  }
  return undefined;
}

const require = createRequire(import.meta.url);
const TSX_CACHE = path.resolve(root, process.env.NEXT_DIST_DIR || '.next', 'onething-tsx');

// The compiler options for .tsx, by their enum names (part of the cache key, so written once).
const TSX_OPTIONS = { module: 'ESNext', target: 'ES2023', jsx: 'ReactJSX' };

let typescript;
let compilerKey;

/** Where the compiled form of this source would be kept (read without loading the compiler). */
function tsxCacheFile(source) {
  compilerKey ??= `typescript@${JSON.parse(readFileSync(require.resolve('typescript/package.json'), 'utf8')).version};${JSON.stringify(TSX_OPTIONS)}`;
  return path.join(TSX_CACHE, `${createHash('sha256').update(compilerKey).update('\0').update(source).digest('hex')}.mjs`);
}

function compileTsx(source, fileName) {
  try {
    typescript ??= require('typescript');
  } catch {
    throw new Error(
      `${path.relative(root, fileName)} needs the TypeScript compiler, a development dependency: run \`npm install\` (without --omit=dev). ` +
        'A running app sends reminders itself (ONETHING_JOBS).',
    );
  }
  const compilerOptions = {
    module: typescript.ModuleKind[TSX_OPTIONS.module],
    target: typescript.ScriptTarget[TSX_OPTIONS.target],
    jsx: typescript.JsxEmit[TSX_OPTIONS.jsx],
  };
  const { outputText } = typescript.transpileModule(source, { compilerOptions, fileName });
  const cached = tsxCacheFile(source);
  try {
    mkdirSync(TSX_CACHE, { recursive: true });
    // Written whole, then renamed: a reader never sees half a file.
    const partial = `${cached}.${process.pid}.tmp`;
    writeFileSync(partial, outputText);
    renameSync(partial, cached);
  } catch {
    // A read-only build folder: compiled again on the next start.
  }
  return outputText;
}

function loadTsx(fileName) {
  const source = readFileSync(fileName, 'utf8');
  const cached = tsxCacheFile(source);
  return existsSync(cached) ? readFileSync(cached, 'utf8') : compileTsx(source, fileName);
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    for (const [prefix, dir] of Object.entries(ALIASES)) {
      if (specifier.startsWith(prefix)) {
        const file = existing(path.join(dir, specifier.slice(prefix.length)));
        if (file) return { url: pathToFileURL(file).href, shortCircuit: true };
      }
    }
    if ((specifier.startsWith('./') || specifier.startsWith('../')) && context.parentURL?.startsWith('file:')) {
      const parent = fileURLToPath(context.parentURL);
      if (!parent.includes(`${path.sep}node_modules${path.sep}`)) {
        const file = existing(path.resolve(path.dirname(parent), specifier));
        if (file) return { url: pathToFileURL(file).href, shortCircuit: true };
      }
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.tsx')) return nextLoad(url, context);
    return { format: 'module', source: loadTsx(fileURLToPath(url)), shortCircuit: true };
  },
});
