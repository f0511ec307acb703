'use client';
// Code that only an opened dialog needs is loaded when the dialog first opens, not with the page
// (issue 10: first-load JavaScript). Once the page has loaded and the browser is idle, the code
// is fetched in the background, so even the first opening is normally instant; a dialog opened
// before that waits for one small request. Once opened, the component stays mounted, so closing
// transitions and focus return behave exactly as before.
import dynamic from 'next/dynamic';
import { useState, type ComponentType } from 'react';

/** Runs `task` once the page has loaded and the browser is idle (never on the server). */
export function whenIdle(task: () => void): void {
  if (typeof window === 'undefined') return;
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => task(), { timeout: 5000 });
    else setTimeout(task, 1000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * A component with an `open` prop whose code loads on its first opening (and in the background
 * once the page is idle). Renders nothing until then: a closed dialog renders nothing anyway.
 */
export function lazyUntilOpen<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = dynamic<P>(load, { ssr: false });
  whenIdle(() => void load().catch(() => {}));
  function LazyUntilOpen(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    return opened ? <Loaded {...props} /> : null;
  }
  return LazyUntilOpen;
}
