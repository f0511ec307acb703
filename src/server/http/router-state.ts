// The App Router's `Next-Router-State-Tree` request header, checked before a page renders: a
// malformed one made every dynamic page throw during rendering ("The router state header was
// sent but could not be parsed."), an HTML 500 from input alone. The production server's door
// (src/server/inbound/door.ts) answers 400 instead; Next strips the header before its proxy could
// see it. The check is Next's own validator, so it can never disagree with what the
// renderer accepts, imported through src/server/compat/next.ts.
import { parseAndValidateFlightRouterState } from '@/server/compat/next';

export const ROUTER_STATE_HEADER = 'next-router-state-tree';

/** True when the header is absent or a router state Next's renderer accepts. */
export function isAcceptableRouterState(value: string | null): boolean {
  if (value === null) return true;
  try {
    parseAndValidateFlightRouterState(value);
    return true;
  } catch {
    return false;
  }
}
