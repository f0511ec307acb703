// The manifest rule of bench/frontend.mjs: the first-load figure must count exactly the runtime,
// the layouts on the page's path and the page, and fail when the manifest lacks the page.
import { describe, expect, it } from 'vitest';
import {
  compareFileSets,
  firstLoadFiles,
  manifestPathOfUrl,
  median,
  routeOfPage,
  segmentEntryKeys,
} from './first-load';

const buildManifest = {
  polyfillFiles: ['static/chunks/polyfill.js'],
  rootMainFiles: ['static/chunks/runtime.js', 'static/chunks/react-dom.js', 'static/chunks/polyfill.js'],
};
const clientManifest = {
  entryJSFiles: {
    '[project]/src/app/layout': ['static/chunks/react-dom.js', 'static/chunks/root-layout.js'],
    '[project]/src/app/not-found': ['static/chunks/root-layout.js', 'static/chunks/not-found.js'],
    '[project]/node_modules/next/dist/client/components/builtin/global-error': ['static/chunks/global-error.js'],
    '[project]/src/app/(app)/layout': ['static/chunks/root-layout.js', 'static/chunks/shell.js'],
    '[project]/src/app/(app)/session/page': ['static/chunks/shell.js', 'static/chunks/session.js', 'static/chunks/root.css'],
  },
};

describe('first-load JS from the build manifests', () => {
  it('counts the runtime, every layout on the path and the page, once each, in load order', () => {
    expect(firstLoadFiles(buildManifest, clientManifest, '/(app)/session/page')).toEqual([
      'static/chunks/runtime.js',
      'static/chunks/react-dom.js',
      'static/chunks/root-layout.js',
      'static/chunks/not-found.js',
      'static/chunks/shell.js',
      'static/chunks/session.js',
    ]);
  });

  it('leaves out polyfills, global-error entries and CSS', () => {
    const files = firstLoadFiles(buildManifest, clientManifest, '/(app)/session/page');
    expect(files).not.toContain('static/chunks/polyfill.js');
    expect(files).not.toContain('static/chunks/global-error.js');
    expect(files).not.toContain('static/chunks/root.css');
  });

  it('counts a page without client code of its own as its layouts', () => {
    expect(firstLoadFiles(buildManifest, clientManifest, '/(app)/sessions/page')).toEqual([
      'static/chunks/runtime.js',
      'static/chunks/react-dom.js',
      'static/chunks/root-layout.js',
      'static/chunks/not-found.js',
      'static/chunks/shell.js',
    ]);
  });

  it('refuses a manifest without the root layout instead of reporting a smaller figure', () => {
    expect(() => firstLoadFiles(buildManifest, { entryJSFiles: {} }, '/(app)/dashboard/page')).toThrow(/no root layout/);
  });

  it('names the layouts and boundaries of nested segments, outermost first, the page last', () => {
    const keys = segmentEntryKeys('/(app)/sessions/[id]/page');
    expect(keys.filter((key) => key.endsWith('/layout'))).toEqual([
      '[project]/src/app/layout',
      '[project]/src/app/(app)/layout',
      '[project]/src/app/(app)/sessions/layout',
      '[project]/src/app/(app)/sessions/[id]/layout',
    ]);
    expect(keys).toContain('[project]/src/app/not-found');
    expect(keys).toContain('[project]/src/app/(app)/sessions/error');
    expect(keys.at(-1)).toBe('[project]/src/app/(app)/sessions/[id]/page');
  });

  it('maps pages to the addresses people visit', () => {
    expect(routeOfPage('/(public)/page')).toBe('/');
    expect(routeOfPage('/(app)/sessions/[id]/page')).toBe('/sessions/[id]');
    expect(routeOfPage('/docs/page')).toBe('/docs');
  });

  it('compares the browser’s scripts with the manifest’s', () => {
    expect(manifestPathOfUrl('http://127.0.0.1:3000/_next/static/chunks/a.js?dpl=1')).toBe('static/chunks/a.js');
    expect(manifestPathOfUrl('http://127.0.0.1:3000/other.js')).toBeNull();
    expect(compareFileSets(['a', 'b'], ['b', 'c'])).toEqual({ onlyManifest: ['a'], onlyBrowser: ['c'] });
  });

  it('takes medians of odd and even counts', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
