'use client';
// Just start from the mini timer (src/features/session/MiniTimer.tsx): in a session with no
// current task, one tap leaves for /start in the main window, where a 10-minute starter on one
// picked task begins at once. (The mini window closes as the session screen goes.)
import { Button } from '@/components/ButtonCore';

export function MiniJustStart() {
  return (
    // The main window's navigation (a link inside the mini window would navigate that window), and
    // a full load as the session screen's own links make one.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    <Button size="sm" onClick={() => window.location.assign('/start')}>
      Just start
    </Button>
  );
}
