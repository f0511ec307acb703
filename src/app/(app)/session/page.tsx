// /session: the current focus session (src/features/session).
import type { Metadata } from 'next';
import { CurrentSessionScreen } from '@/features/session/SessionScreen';

export const metadata: Metadata = { title: 'Focus session' };

export default function SessionPage() {
  return <CurrentSessionScreen />;
}
