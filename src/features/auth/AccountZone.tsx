'use client';
// The account's time zone, sent by the app layout from the server, for every date the pages show:
// - in the browser it becomes the zone of every formatted date (offerDisplayTimeZone: checked
//   against the browser's zones when the first date needs it, not in the shell's render) before
//   the page below renders, so hydration already draws the person's own clock instead of the device's
//   (AuthSync's copy from `auth.me` comes in an effect, after the first render, and a date drawn
//   before it would keep the device's zone until something redrew it);
// - on the server, where a module-level zone would be shared by every request, it is this
//   request's context: the dates of the server-rendered HTML (the dashboard's tasks, the sessions
//   list) read it through useAccountZone, so the first paint is on the person's clock too.
import { createContext, useContext, type ReactNode } from 'react';
import { displayZone } from '@/lib/local-format';
import { knowZoneOffsets, offerDisplayTimeZone, type ZoneOffsets } from '@/lib/time-zone';

const ZoneContext = createContext<string | null>(null);
let applied: string | null = null;

/**
 * In the browser, during the render (an effect would come after the page's first render): applied
 * when the layout sends a new value, so a zone changed since (Account > Profile, through
 * AuthSync) stays.
 */
function applyInBrowser(zone: string | null, offsets: ZoneOffsets | null) {
  if (typeof window === 'undefined' || !zone || zone === applied) return;
  applied = zone;
  if (offsets?.zone === zone) knowZoneOffsets(offsets);
  offerDisplayTimeZone(zone);
}

/**
 * `offsets`: the zone's offsets over the years around today, read by the server (zoneOffsets in
 * src/lib/time-zone.ts), so the page's days and times on the account's clock need no
 * Intl.DateTimeFormat while it hydrates.
 */
export function AccountZone({ zone, offsets = null, children }: { zone: string | null; offsets?: ZoneOffsets | null; children: ReactNode }) {
  applyInBrowser(zone, offsets);
  return <ZoneContext value={zone}>{children}</ZoneContext>;
}

/**
 * The zone to format dates in while rendering: the request's account zone on the server; in the
 * browser the display zone, which follows the account (and starts as the layout's, so hydration
 * matches the server's HTML).
 */
export function useAccountZone(): string | undefined {
  const zone = useContext(ZoneContext);
  return typeof window === 'undefined' ? (zone ?? undefined) : displayZone();
}

/**
 * The account's zone as the layout sent it, unchecked, the same on the server and in the browser:
 * for a page's zone arithmetic (which the server's offsets serve without the browser's Intl), where
 * useAccountZone's check against the browser's zones would make the page's first formatter.
 */
export function useLayoutZone(): string | null {
  return useContext(ZoneContext);
}
