// Module hooks that let Node load the project's TypeScript sources directly: Node strips the
// types itself; these hooks resolve the `@/` and `@emails/` paths and extensionless relative
// imports the way tsconfig.json and the bundler do, and compile .tsx (e-mail templates) with the
// TypeScript compiler (a dev dependency, loaded only when a .tsx file is imported).
// Used by scripts/run-reminders.mjs and scripts/server.mjs (the production server): import this
// file before importing any .ts module.
import { existsSync, readFileSync } from 'node:fs';
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

let typescript;
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
    // A runtime dependency (package.json `dependencies`): the production server compiles the
    // e-mail templates with it, also in the container where dev dependencies are pruned.
    typescript ??= createRequire(import.meta.url)('typescript');
    const source = readFileSync(fileURLToPath(url), 'utf8');
    const { outputText } = typescript.transpileModule(source, {
      compilerOptions: { module: typescript.ModuleKind.ESNext, target: typescript.ScriptTarget.ES2023, jsx: typescript.JsxEmit.ReactJSX },
      fileName: fileURLToPath(url),
    });
    return { format: 'module', source: outputText, shortCircuit: true };
  },
});
