// The app shell as a screen reader first meets it (rendered to HTML on the server): the five
// destinations in order, the current one marked, a skip link, the menu and shortcuts buttons.
import { AppRouterContext, type AppRouterInstance } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppShell, PageHeader } from './AppShell';

const noop = () => {};
const router = { back: noop, forward: noop, refresh: noop, push: noop, replace: noop, prefetch: noop } as unknown as AppRouterInstance;

function render(pathname: string) {
  return renderToStaticMarkup(
    <AppRouterContext.Provider value={router}>
      <AppShell pathname={pathname}>
        <PageHeader title="Your Dashboard" />
      </AppShell>
    </AppRouterContext.Provider>,
  );
}

describe('AppShell', () => {
  it('lists Dashboard, Sessions, Calendar, Breakdown and Account in the header navigation', () => {
    const html = render('/dashboard');
    const nav = html.slice(html.indexOf('<nav aria-label="Main"'), html.indexOf('</nav>'));
    const labels = [...nav.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((match) => match[1]);
    expect(labels).toEqual(['Dashboard', 'Sessions', 'Calendar', 'Breakdown', 'Account']);
  });

  it('marks only the current page with aria-current, sub-pages included', () => {
    const html = render('/sessions/abc123');
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/sessions">Sessions<\/a>/);
    expect(render('/session').match(/aria-current="page"/g)).toBeNull();
  });

  it('offers a skip link, a menu button for narrow screens and the shortcuts list', () => {
    const html = render('/calendar');
    expect(html).toContain('href="#main"');
    expect(html).toContain('id="main"');
    expect(html).toContain('aria-label="Open menu"');
    expect(html).toContain('aria-label="Keyboard shortcuts (Ctrl+/)"');
    expect(html).toContain('<h1');
    expect(html).toContain('Your Dashboard');
  });
});
