// The focus session page's static header (written by src/pages/_document.tsx, never hydrated)
// as a screen reader first meets it: the same five destinations as the App Router's shell, the
// current one marked, a skip link, and the three buttons that name their action for ShellKeys.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ShellFrame } from './ShellHeader';

const render = (pathname: string) => renderToStaticMarkup(<ShellFrame pathname={pathname}>{'the screen'}</ShellFrame>);

describe('the session page’s static header', () => {
  it('lists Dashboard, Sessions, Calendar, Breakdown and Account as plain links', () => {
    const html = render('/session');
    const nav = html.slice(html.indexOf('<nav aria-label="Main"'), html.indexOf('</nav>'));
    expect([...nav.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((match) => [match[1], match[2]])).toEqual([
      ['/dashboard', 'Dashboard'],
      ['/sessions', 'Sessions'],
      ['/calendar', 'Calendar'],
      ['/breakdown', 'Breakdown'],
      ['/account', 'Account'],
    ]);
  });

  it('marks Sessions on /sessions/{id} and nothing on /session', () => {
    expect(render('/sessions/[id]').match(/aria-current="page"/g)).toHaveLength(1);
    expect(render('/sessions/[id]')).toMatch(/<a href="\/sessions" aria-current="page"[^>]*>Sessions<\/a>/);
    expect(render('/session')).not.toContain('aria-current');
  });

  it('has the skip link, the main area around the screen, and the menu, shortcuts and sign-out buttons', () => {
    const html = render('/session');
    expect(html).toContain('href="#main"');
    expect(html).toMatch(/<main id="main"[^>]*>the screen<\/main>/);
    expect(html).toMatch(/<button type="button" data-shell="menu" aria-label="Open menu" aria-haspopup="dialog" aria-expanded="false"/);
    expect(html).toMatch(/data-shell="shortcuts" aria-label="Keyboard shortcuts \(Ctrl\+\/\)"/);
    expect(html).toMatch(/data-shell="signout">.*<span data-shell-label="true">Sign out<\/span><\/button>/);
  });
});
