'use client';
// The landing page's prices as an island hydrated after the page has loaded (the dashboard's
// pattern, src/features/dashboard/DashboardIsland.tsx): on the server the lazy module resolves at
// once, so both plans are in the HTML and on screen from the first paint; in the browser React
// leaves this boundary dehydrated until ./Pricing's code (the currency tabs on Headless UI, the
// Plus choice) has come after the window's `load` event, then hydrates it in place. Until then
// the section is `inert` (./Pricing), so a click on a tab is refused visibly rather than lost.
// WHY: the section is far below the fold, and its code (Headless UI's tabs with their focus and
// keyboard handling, about 16 kB gzip) was a fifth of what the landing page's own first load
// carried and hydrated before the phone could answer a tap (docs/architecture.md, "Lighthouse:
// what every page pays").
import { lazy, Suspense } from 'react';
import type { PlanCardsByCountry } from '@/lib/pricing';
import { afterPageLoad } from '../lazy';

const Pricing = lazy(() =>
  afterPageLoad()
    .then(() => import('./Pricing'))
    .then((module) => ({ default: module.Pricing })),
);

/** `plans`: the cards as the server words and prices them (./Pricing says why). */
export function PricingIsland({ plans }: { plans: PlanCardsByCountry }) {
  return (
    <Suspense>
      <Pricing plans={plans} />
    </Suspense>
  );
}
