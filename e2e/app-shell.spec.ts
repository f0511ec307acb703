// The signed-in shell (src/components/shell/AppShell.tsx) on a cold load and in its drawer: what
// the browser does after hydration, and what the drawer asks the server for.
import { expect, test } from '@playwright/test';
import { signUpVerified } from './accounts';

type Commit = { nav: number; logo: number; menu: number; shortcuts: number; menuWaiting: boolean };

test('after hydration only the header’s two buttons render again; its navigation and logo stay as hydrated', async ({ page }) => {
  await signUpVerified(page);
  // React tells the developer tools' hook of every commit: a stand-in hook notes, for each, which
  // React props object the header's elements carry (React gives an element a new one when the
  // component that draws it renders again).
  await page.addInitScript(() => {
    const commits: Commit[] = [];
    const objects = new Map<object, number>();
    const idOf = (element: Element | null) => {
      if (!element) return -1;
      const key = Object.keys(element).find((name) => name.startsWith('__reactProps$'));
      const props = key ? (element as unknown as Record<string, object>)[key] : undefined;
      if (!props) return -1;
      if (!objects.has(props)) objects.set(props, objects.size);
      return objects.get(props)!;
    };
    const note = () => {
      const header = document.querySelector('header');
      const menu = header?.querySelector('button[aria-label="Open menu"]') ?? null;
      commits.push({
        nav: idOf(header?.querySelector('nav[aria-label="Main"]') ?? null),
        logo: idOf(header?.querySelector('a[href="/dashboard"]') ?? null),
        menu: idOf(menu),
        shortcuts: idOf(header?.querySelector('button[aria-label^="Keyboard shortcuts"]') ?? null),
        menuWaiting: menu?.getAttribute('aria-disabled') === 'true',
      });
    };
    const hook = { isDisabled: false, supportsFiber: true, renderers: new Map(), inject: () => 1, checkDCE: () => {}, onCommitFiberRoot: note, onCommitFiberUnmount: () => {}, onPostCommitFiberRoot: () => {} };
    Object.assign(window, { commits, __REACT_DEVTOOLS_GLOBAL_HOOK__: hook });
  });
  await page.goto('/sessions', { waitUntil: 'load' });
  await expect(page.getByRole('button', { name: 'Keyboard shortcuts (Ctrl+/)' })).not.toHaveAttribute('aria-disabled', 'true');
  // The menu button belongs to narrow screens (hidden here, still in the page).
  await expect(page.locator('header button[aria-label="Open menu"]')).not.toHaveAttribute('aria-disabled', 'true');
  const commits = await page.evaluate(() => (window as unknown as { commits: Commit[] }).commits);
  const hydrated = commits.find((commit) => commit.nav >= 0 && commit.menuWaiting);
  expect(hydrated, 'the hydration commit, with the buttons still waiting').toBeDefined();
  const after = commits.slice(commits.indexOf(hydrated!) + 1);
  // The buttons said they were waiting, then rendered again to say they are ready…
  expect(after.some((commit) => !commit.menuWaiting && commit.menu !== hydrated!.menu && commit.shortcuts !== hydrated!.shortcuts)).toBe(true);
  // …and nothing else of the header rendered again with them (one synchronous render after hydration, small).
  for (const commit of after) expect({ nav: commit.nav, logo: commit.logo }).toEqual({ nav: hydrated!.nav, logo: hydrated!.logo });
});

test('right after hydration the components that read the notifications do not render again', async ({ page }) => {
  await signUpVerified(page);
  // At every commit a stand-in developer tools hook notes the components that rendered in it (new
  // hook state) and, of those, the ones reading the notifications' store (a hook whose state is the
  // store's `{ toasts }`).
  await page.addInitScript(() => {
    type Hook = { memoizedState: unknown; next: Hook | null };
    type Fiber = { type: unknown; memoizedState: Hook | null; child: Fiber | null; sibling: Fiber | null };
    const seen = new WeakSet<object>();
    const commits: { readers: number; renderedReaders: number; menuWaiting: boolean }[] = [];
    const readsToasts = (fiber: Fiber) => {
      for (let hook = fiber.memoizedState; hook && typeof hook === 'object' && 'next' in hook; hook = hook.next) {
        const state = hook.memoizedState as { toasts?: unknown } | null;
        if (state && typeof state === 'object' && Object.keys(state).length === 1 && Array.isArray(state.toasts)) return true;
      }
      return false;
    };
    const note = (_id: number, root: { current: Fiber }) => {
      let readers = 0;
      let renderedReaders = 0;
      const stack: Fiber[] = [root.current];
      while (stack.length) {
        const fiber = stack.pop()!;
        if (typeof fiber.type === 'function' && fiber.memoizedState && readsToasts(fiber)) {
          readers++;
          if (!seen.has(fiber.memoizedState)) renderedReaders++;
          seen.add(fiber.memoizedState);
        }
        if (fiber.sibling) stack.push(fiber.sibling);
        if (fiber.child) stack.push(fiber.child);
      }
      const menu = document.querySelector('header button[aria-label="Open menu"]');
      commits.push({ readers, renderedReaders, menuWaiting: menu?.getAttribute('aria-disabled') === 'true' });
    };
    const hook = { isDisabled: false, supportsFiber: true, renderers: new Map(), inject: () => 1, checkDCE: () => {}, onCommitFiberRoot: note, onCommitFiberUnmount: () => {}, onPostCommitFiberRoot: () => {} };
    Object.assign(window, { commits, __REACT_DEVTOOLS_GLOBAL_HOOK__: hook });
  });
  // /sessions: its delete dialog reads the store (to say "Session deleted successfully!").
  await page.goto('/sessions', { waitUntil: 'load' });
  await expect(page.getByRole('button', { name: 'Keyboard shortcuts (Ctrl+/)' })).not.toHaveAttribute('aria-disabled', 'true');
  const commits = await page.evaluate(() => (window as unknown as { commits: { readers: number; renderedReaders: number; menuWaiting: boolean }[] }).commits);
  const hydrated = commits.findIndex((commit) => commit.menuWaiting && commit.readers > 0);
  expect(hydrated, 'the hydration commit, with a reader of the notifications').toBeGreaterThanOrEqual(0);
  expect(commits[hydrated]!.renderedReaders).toBe(commits[hydrated]!.readers);
  const ready = commits.slice(hydrated + 1).find((commit) => !commit.menuWaiting);
  expect(ready, 'the commit in which the header’s buttons become ready').toBeDefined();
  expect(ready!.renderedReaders).toBe(0);
});

test('the menu drawer asks for no page in the background; its links navigate inside the app', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpVerified(page);
  await page.goto('/sessions', { waitUntil: 'networkidle' });
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const prefetched: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).searchParams.has('_rsc')) prefetched.push(request.url());
  });
  const menu = page.getByRole('button', { name: 'Open menu' });
  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link', { name: 'Calendar' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The five destinations on screen were not prefetched (each one a request and a decode of its tree).
  expect(prefetched).toEqual([]);
  await expect(drawer.getByRole('link', { name: 'Sessions' })).toHaveAttribute('aria-current', 'page');
  await drawer.getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await menu.click();
  await expect(drawer.getByRole('link', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page');
  // A navigation inside the app, not a new document.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('the shell makes no date formatter while the page hydrates: the account’s zone is checked when a date first needs it', async ({ page }) => {
  await signUpVerified(page, { timeZone: 'America/New_York' });
  // Every Intl.DateTimeFormat made is noted with the number of React commits before it (a stand-in
  // developer tools hook counts them): the page's first one is the platform's costly set-up.
  await page.addInitScript(() => {
    const made: number[] = [];
    let commits = 0;
    const Real = Intl.DateTimeFormat;
    Intl.DateTimeFormat = new Proxy(Real, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        made.push(commits);
        return new target(...args);
      },
      apply(target, _this, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        made.push(commits);
        return target(...args);
      },
    });
    const hook = { isDisabled: false, supportsFiber: true, renderers: new Map(), inject: () => 1, checkDCE: () => {}, onCommitFiberRoot: () => void commits++, onCommitFiberUnmount: () => {}, onPostCommitFiberRoot: () => {} };
    Object.assign(window, { made, __REACT_DEVTOOLS_GLOBAL_HOOK__: hook });
  });
  // /breakdown shows no date in its first render. Loaded twice: the server's first render of a
  // route after its start streams the page after the shell, and the measure is an ordinary load.
  await page.goto('/breakdown', { waitUntil: 'load' });
  await page.goto('/breakdown', { waitUntil: 'load' });
  await expect(page.getByRole('button', { name: 'Keyboard shortcuts (Ctrl+/)' })).not.toHaveAttribute('aria-disabled', 'true');
  const made = await page.evaluate(() => (window as unknown as { made: number[] }).made);
  expect(made.filter((commits) => commits === 0)).toEqual([]);
});
