// Shared browser-test helpers: an axe-core accessibility check (axe is injected from
// node_modules, nothing is downloaded), screenshots into e2e/.screenshots/ (gitignored), and
// small conveniences for theme and storage.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
export const AXE_PATH = path.join(root, 'node_modules', 'axe-core', 'axe.min.js');
export const SCREENSHOT_DIR = path.join(root, 'e2e', '.screenshots');

interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core on the page as it is now (WCAG 2.x A and AA rules plus best practices) and
 * fails with a readable list when anything serious or critical is found.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}) {
  // Colours are judged at rest, not halfway through a dialog's fade-in. Headless UI marks an element
  // with data-transition from the frame its transition is set up (before any CSS animation exists,
  // which matters under page.clock) until it ends: wait for none, then for the animations.
  await page.waitForFunction(() => !document.querySelector('[data-transition]'), null, { timeout: 5000 }).catch(() => undefined);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const hasAxe = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!hasAxe) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async (exclude) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const context = exclude.length ? { exclude: exclude.map((selector) => [selector]) } : document;
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => ({ target: node.target, failureSummary: node.failureSummary })),
    }));
  }, options.exclude ?? []);
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const report = serious
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  at ${n.target.join(' ')}\n    ${n.failureSummary?.replace(/\n/g, '\n    ')}`).join('\n')}`)
    .join('\n\n');
  expect(serious, `axe found serious or critical problems on ${page.url()}:\n${report}`).toEqual([]);
}

/** Saves a full-page screenshot as e2e/.screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9._-]+/gi, '-')}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: 'disabled' });
  return file;
}

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** Stores a theme choice before any page script runs (Light, Dark or System). */
export async function useStoredTheme(page: Page, theme: 'light' | 'dark' | 'system') {
  await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
}

/** Marks the cookie notice as answered, so it does not cover what a test looks at. */
export async function dismissCookieNotice(page: Page, choice: 'accepted' | 'declined' = 'accepted') {
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('cookie_consent')) window.localStorage.setItem('cookie_consent', value);
  }, choice);
}

/**
 * Notes every Intl.DateTimeFormat the page makes from its first script on (read them with
 * `dateFormattersMade`): a page's first one sets up the platform's locale and zone data, a long
 * task on a phone, so a page that needs none to hydrate should make none while it loads, and one
 * that does should not make it inside a render. Each note has where it was made (a few frames of
 * its stack) and whether React was rendering a component then: a stand-in developer tools hook is
 * handed React DOM's internals, whose hooks dispatcher is a real one (useState unlike useCallback)
 * only while a component renders, and the context-only one (every hook the same thrower) otherwise.
 */
export async function countDateFormatters(page: Page) {
  await page.addInitScript(() => {
    type Dispatcher = { useState?: unknown; useCallback?: unknown } | null | undefined;
    const made: { stack: string; inRender: boolean }[] = [];
    let dispatcherRef: { H?: Dispatcher } | undefined;
    const note = () => {
      const dispatcher = dispatcherRef?.H;
      made.push({ stack: (new Error().stack ?? '').split('\n').slice(2, 5).join(' | '), inRender: !!dispatcher && dispatcher.useState !== dispatcher.useCallback });
    };
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        note();
        return new target(...args);
      },
      apply(target, _this, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        note();
        return target(...args);
      },
    });
    const inject = (renderer: { currentDispatcherRef?: { H?: Dispatcher } }) => {
      dispatcherRef = renderer.currentDispatcherRef;
      return 1;
    };
    const hook = { isDisabled: false, supportsFiber: true, renderers: new Map(), inject, checkDCE: () => {}, onCommitFiberRoot: () => {}, onCommitFiberUnmount: () => {}, onPostCommitFiberRoot: () => {} };
    Object.assign(window, { dateFormattersMade: made, __REACT_DEVTOOLS_GLOBAL_HOOK__: hook });
  });
}

/** The date formatters made since the page's load began (countDateFormatters): where, and whether inside a component's render. */
export async function dateFormattersMade(page: Page): Promise<{ stack: string; inRender: boolean }[]> {
  return page.evaluate(() => (window as unknown as { dateFormattersMade: { stack: string; inRender: boolean }[] }).dateFormattersMade);
}

/**
 * Notes every Intl.NumberFormat the page makes from its first script on (read with
 * numberFormattersMade): a page's first one is the platform's locale and currency set-up, a long
 * task of its own, so prices the server words need none in the browser.
 */
export async function countNumberFormatters(page: Page) {
  await page.addInitScript(() => {
    const made: string[] = [];
    Object.assign(window, { numberFormattersMade: made });
    Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
      construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
        made.push(String(args[0]));
        return new target(...args);
      },
      apply(target, _this, args: ConstructorParameters<typeof Intl.NumberFormat>) {
        made.push(String(args[0]));
        return target(...args);
      },
    });
  });
}

/** The locales of the number formatters made since the page's load began (countNumberFormatters). */
export async function numberFormattersMade(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { numberFormattersMade: string[] }).numberFormattersMade);
}

/**
 * Notes, frame by frame (before each paint), the current task's title on screen: the first frame's or
 * the screen's. Read it with expect.poll: a title is noted at the next frame, and one noted before stays.
 */
export async function recordTitlesPainted(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { titlesPainted: seen });
    const tick = () => {
      const title = document.querySelector('#current-task-title') ?? document.querySelector('#fs-first-frame [data-ff="task-title"]');
      if (title?.checkVisibility() && seen.at(-1) !== title.textContent) seen.push(title.textContent ?? '');
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}
export const titlesPainted = (page: Page) => page.evaluate(() => (window as unknown as { titlesPainted: string[] }).titlesPainted);
