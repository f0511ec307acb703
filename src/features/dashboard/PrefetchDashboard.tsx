'use client';
// The dashboard's code, fetched in the background on every signed-in page once it has loaded and
// the browser is idle. The dashboard hydrates after its page's `load` event (./DashboardIsland.tsx);
// on a client navigation from another page that wait is over and only the fetch of ./DashboardApp
// is left, which would show the area below the header blank while it lasts. With the module
// already here, the navigation paints the dashboard at once. On /dashboard itself it is the very
// import the island makes, so nothing is fetched twice. Renders nothing.
import { useEffect } from 'react';
import { whenIdle } from '@/components/lazy';

export function PrefetchDashboard() {
  useEffect(() => {
    whenIdle(() => void import('./DashboardApp'));
  }, []);
  return null;
}
