// /sessions: the sessions history (spec section 2). The screen lives in src/features/sessions.
import type { Metadata } from 'next';
import { SessionsPage } from '@/features/sessions/SessionsPage';

export const metadata: Metadata = { title: 'Sessions' };

export default function Page() {
  return <SessionsPage />;
}
