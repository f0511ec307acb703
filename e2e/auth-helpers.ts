// Helpers for the account-page browser tests: which app pages exist in this build (the guard
// and sign-out tests need one to land on), and screenshots in both themes at both widths.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshot, VIEWPORTS } from './helpers';

const appDir = path.resolve(import.meta.dirname, '..', 'src', 'app', '(app)');

/**
 * Whether the signed-in page at `route` (e.g. '/account') is part of this build.
 */
export function hasAppPage(route: string): boolean {
  const segments = route.split('/').filter(Boolean);
  return existsSync(path.join(appDir, ...segments, 'page.tsx'));
}

export const THEMES = ['light', 'dark'] as const;

/**
 * For each theme: an axe check at 1280 px, then screenshots at 390 and 1280 px. `open` brings
 * the page into the state to look at (it runs after every theme and size change).
 */
export async function lookAt(page: Page, name: string, open: () => Promise<void>) {
  for (const theme of THEMES) {
    await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
    for (const size of ['desktop', 'mobile'] as const) {
      await page.setViewportSize(VIEWPORTS[size]);
      await open();
      if (size === 'desktop') await expectNoSeriousA11yViolations(page);
      await screenshot(page, `auth-${name}-${theme}-${VIEWPORTS[size].width}`);
    }
  }
  await page.evaluate(() => window.localStorage.removeItem('theme'));
}

/**
 * A client address of this spec file's own. The app counts sign-ups per client address (30 an
 * hour, from X-Forwarded-For as a reverse proxy sets it), and every browser test comes from
 * localhost: with `test.use({ extraHTTPHeaders: { 'x-forwarded-for': ownClientAddress() } })`
 * these tests stand in for different visitors instead of eating the whole suite's allowance.
 */
export function ownClientAddress(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}
