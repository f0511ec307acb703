// /calendar: tasks by month, week or day. The screen lives in src/features/calendar.
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { CalendarPage } from '@/features/calendar/CalendarPage';
import { SignedInProviders } from '@/features/auth/SignedInProviders';

export const metadata: Metadata = { title: 'Calendar' };

export default async function Page() {
  // A phone's browser says so (the client hint, or "Mobi"/"Android" in its user agent): the
  // server's HTML then has the phone's day view, which the browser confirms by the window's width.
  const request = await headers();
  const mobileHint = request.get('sec-ch-ua-mobile') === '?1' || /Mobi|Android/i.test(request.get('user-agent') ?? '');
  return (
    <SignedInProviders>
      <CalendarPage mobileHint={mobileHint} />
    </SignedInProviders>
  );
}
