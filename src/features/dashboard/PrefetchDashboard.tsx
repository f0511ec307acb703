'use client';
// The dashboard's code, fetched as soon as someone shows the intent to go there: a pointer over,
// a finger on or the keyboard's focus on a link to /dashboard, on any signed-in page. The
// dashboard hydrates after its page's `load` event (./DashboardIsland.tsx); on a client
// navigation from another page that wait is over and only the fetch of ./DashboardApp is left,
// which would show the area below the header blank while it lasts. Fetched on intent, it is
// usually here by the click. Not fetched when idle: every signed-in page would then download and
// evaluate the dashboard's code (Lighthouse on a phone, median of 3: /calendar 0.95 to 0.92,
// /account 0.98 to 0.92, unused JavaScript up by about 40 kB). On /dashboard itself it is the
// import the island makes, so nothing is fetched twice. Renders nothing.
import { useEffect } from 'react';

const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;

export function PrefetchDashboard() {
  useEffect(() => {
    const onIntent = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.closest('a[href="/dashboard"]')) return;
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true);
      void import('./DashboardApp');
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true);
    };
  }, []);
  return null;
}
