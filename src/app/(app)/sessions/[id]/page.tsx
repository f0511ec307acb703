// /sessions/{id}: the spec gives two readings of where a session opens (/session and
// /sessions/{id}); both work. This one makes the session current and shows the same screen.
import type { Metadata } from 'next';
import { SessionByIdScreen } from '@/features/session/SessionScreen';

export const metadata: Metadata = { title: 'Focus session' };

export default async function SessionByIdPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SessionByIdScreen sessionId={id} />;
}
