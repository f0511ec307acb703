'use client';
// A link inside the signed-in app: a real <a href> (middle click, Ctrl/Cmd click, "open in new
// tab", copying the address and navigation without JavaScript all work), and a plain left click
// navigates inside the app through the App Router, as next/link would, without a full page load.
// Not next/link: its code (prefetching, the viewport observer, its helpers: about 4 kB gzip) would
// be in the first load of every signed-in page, and the app's pages are rendered per request, so
// prefetching them bought little.
import { useRouter } from 'next/navigation';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { buttonClass, type ButtonSize, type ButtonVariant } from './ButtonCore';

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string };

/** A click the browser should handle itself: another button, a modifier key, another target or a download. */
function browserHandles(event: MouseEvent<HTMLAnchorElement>): boolean {
  const anchor = event.currentTarget;
  const target = anchor.getAttribute('target');
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (target !== null && target !== '' && target !== '_self') ||
    anchor.hasAttribute('download')
  );
}

export function AppLink({ href, onClick, ...rest }: AppLinkProps) {
  const router = useRouter();
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (browserHandles(event)) return;
        // Another origin, or a jump within this page: the browser's own navigation is the right one.
        const url = new URL(href, window.location.href);
        if (url.origin !== window.location.origin) return;
        if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
        event.preventDefault();
        router.push(`${url.pathname}${url.search}${url.hash}`);
      }}
    />
  );
}

/** A button-styled AppLink (as LinkButton in ./Button, which uses next/link, on the public pages). */
export function AppLinkButton({ variant, size, className = '', ...rest }: AppLinkProps & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <AppLink className={buttonClass(variant, size, className)} {...rest} />;
}
