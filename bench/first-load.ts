// Pure helpers of bench/frontend.mjs: which JavaScript files the browser must load on the first
// visit to an app route, derived from the production build's manifests (Next 16 no longer prints
// "First Load JS" at build time), and small statistics. Plain TypeScript without TS-only runtime
// syntax, so Node loads it directly (like src/server/db/embedded.ts).
//
// The rule, as Next's own build output used to count it:
// - `build-manifest.json` rootMainFiles: the runtime, React and the router, loaded on every page;
// - the client reference manifest of the page (`server/app/<page>_client-reference-manifest.js`)
//   `entryJSFiles` of every segment file on the page's path (layouts, templates and the error,
//   loading and not-found boundaries they wrap the page in: the root not-found's chunk is fetched
//   on every visit) and of the page itself;
// - not the polyfill files (`polyfillFiles`: loaded with `nomodule`, so modern browsers skip them),
//   not the lowPriorityFiles (_buildManifest/_ssgManifest: the pages router's), not global-error
//   (Next's own, loaded only when the root layout fails), not dynamic imports.
//
// A Pages Router page (src/pages: the focus session, for its first-load budget) is counted by the
// pages router's rule instead (pagesFirstLoadFiles): `build-manifest.json` pages['/_app'] (the
// framework, Next's client and the app), pages[page] (the page and the Turbopack runtime) and the
// lowPriorityFiles the page's HTML also loads (_buildManifest, _ssgManifest and, with a proxy,
// _clientMiddlewareManifest); no rootMainFiles (the App Router's runtime is not loaded there).

export type BuildManifest = {
  rootMainFiles?: string[];
  polyfillFiles?: string[];
  /** Pages Router pages (and '/_app', '/_error') → their files. */
  pages?: Record<string, string[]>;
  lowPriorityFiles?: string[];
};

export type ClientReferenceManifest = {
  entryJSFiles?: Record<string, string[]>;
};

/** "/(app)/sessions/[id]/page" → "/sessions/[id]"; "/(public)/page" → "/". Route groups vanish. */
export function routeOfPage(pageKey: string): string {
  const segments = pageKey
    .split('/')
    .filter((segment) => segment && !(segment.startsWith('(') && segment.endsWith(')')));
  if (segments.at(-1) === 'page') segments.pop();
  return `/${segments.join('/')}`;
}

/** The files of a segment that render around its page (the boundaries are part of the tree). */
export const SEGMENT_FILES = ['layout', 'template', 'error', 'loading', 'not-found', 'forbidden', 'unauthorized'];

/**
 * The entry keys of every segment file on a page's path and of the page, in the manifest's form
 * ("[project]/src/app/layout", "[project]/src/app/not-found", "[project]/src/app/(app)/layout", …,
 * "[project]/src/app/(app)/session/page").
 */
export function segmentEntryKeys(pageKey: string, appPrefix = '[project]/src/app'): string[] {
  const segments = pageKey.split('/').filter(Boolean);
  if (segments.at(-1) === 'page') segments.pop();
  const keys: string[] = [];
  for (let i = 0; i <= segments.length; i++) {
    const dir = [appPrefix, ...segments.slice(0, i)].join('/');
    for (const file of SEGMENT_FILES) keys.push(`${dir}/${file}`);
  }
  keys.push(`${appPrefix}/${[...segments, 'page'].join('/')}`);
  return keys;
}

/** The JS files of the first visit to `pageKey`, in load order, without duplicates. */
export function firstLoadFiles(buildManifest: BuildManifest, clientManifest: ClientReferenceManifest, pageKey: string): string[] {
  const polyfills = new Set(buildManifest.polyfillFiles ?? []);
  const entries = clientManifest.entryJSFiles ?? {};
  // The app folder as the bundler names it ("[project]/src/app" with Turbopack), from the root
  // layout's entry, which every page has. A page or layout without client code has no entry.
  const rootLayout = Object.keys(entries).find((key) => /\/app\/layout$/.test(key));
  if (!rootLayout) throw new Error(`the client reference manifest of ${pageKey} has no root layout entry`);
  const appPrefix = rootLayout.slice(0, -'/layout'.length);
  const files: string[] = [];
  const seen = new Set<string>();
  const add = (file: string) => {
    const normalised = file.replace(/^\/?_next\//, '').replace(/^\//, '');
    if (!normalised.endsWith('.js') || polyfills.has(normalised) || seen.has(normalised)) return;
    seen.add(normalised);
    files.push(normalised);
  };
  for (const file of buildManifest.rootMainFiles ?? []) add(file);
  for (const key of segmentEntryKeys(pageKey, appPrefix)) for (const file of entries[key] ?? []) add(file);
  return files;
}

/** A script URL as the browser fetched it → the manifest's form ("static/chunks/x.js"). */
export function manifestPathOfUrl(url: string): string | null {
  const { pathname } = new URL(url, 'http://localhost');
  const index = pathname.indexOf('/_next/');
  return index < 0 ? null : decodeURIComponent(pathname.slice(index + '/_next/'.length));
}

/** Files only one side has (the cross-check of the manifest rule against the browser). */
export function compareFileSets(manifestFiles: string[], browserFiles: string[]): { onlyManifest: string[]; onlyBrowser: string[] } {
  const manifest = new Set(manifestFiles);
  const browser = new Set(browserFiles);
  return {
    onlyManifest: manifestFiles.filter((file) => !browser.has(file)),
    onlyBrowser: browserFiles.filter((file) => !manifest.has(file)),
  };
}

/** The median of a list of numbers (NaN for none). */
export function median(values: number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Sum of the sizes of `files` given a size per file (a missing file throws: the figure must not silently shrink). */
export function totalSize(files: string[], sizeOf: (file: string) => number): number {
  return files.reduce((sum, file) => sum + sizeOf(file), 0);
}
