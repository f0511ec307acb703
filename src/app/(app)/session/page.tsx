// /session: the tab's current focus session (its id in session storage), an island hydrated after
// the page has loaded (src/features/session/SessionIsland.tsx says why).
import type { Metadata } from 'next';
import { SessionIsland } from '@/features/session/SessionIsland';

export const metadata: Metadata = { title: 'Focus session' };

export default function CurrentSessionPage() {
  return <SessionIsland />;
}
