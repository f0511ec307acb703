// /calendar: tasks by month, week or day. The screen lives in src/features/calendar.
import type { Metadata } from 'next';
import { CalendarPage } from '@/features/calendar/CalendarPage';
import { SignedInProviders } from '@/features/auth/SignedInProviders';

export const metadata: Metadata = { title: 'Calendar' };

export default function Page() {
  return (
    <SignedInProviders>
      <CalendarPage />
    </SignedInProviders>
  );
}
