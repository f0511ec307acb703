'use client';
// /start's screen (src/app/(app)/start/page.tsx). Reached by the dashboard's tap, it starts the
// timer in its first render from the tap's hand-off (./just-start-handoff.ts) and lets the
// server's pick confirm it when it streams in; reached any other way (the app's shortcut, the
// mini timer, a reload), it shows the server's pick as soon as it is in the page, the clock
// running from the first paint (./first-paint-clock.ts).
import { Suspense, use, useEffect, useState, type ReactNode } from 'react';
import { Card } from '@/components/Card';
import { pickFromTasks, type StarterPick } from '@/lib/just-start';
import { displayTimeZone } from '@/lib/time-zone';
import { forgetHandoff, readHandoff } from './just-start-handoff';
import { JustStart } from './JustStart';

function FromServer({ pick, clockScript }: { pick: Promise<StarterPick | null>; clockScript: ReactNode }) {
  return <JustStart initial={use(pick)} clockScript={clockScript} />;
}

function Finding() {
  return (
    <Card className="mx-auto flex max-w-xl flex-col items-start gap-4">
      <h1 className="text-2xl font-semibold">Just start</h1>
      <p>Finding one thing to start…</p>
    </Card>
  );
}

/** `clockScript`: the first-paint clock's inline script, made on the server (./first-paint-clock.ts). */
export function JustStartScreen({ pick, clockScript }: { pick: Promise<StarterPick | null>; clockScript: ReactNode }) {
  // Read once, in the first render: null on the server and on any load that was not the tap's.
  const [tapped] = useState(readHandoff);
  const [first] = useState(() => (tapped ? pickFromTasks(tapped.tasks, [], new Date(tapped.startedAt), displayTimeZone()) : null));
  useEffect(forgetHandoff, []);
  // An empty hand-off (the dashboard's list not loaded yet) says nothing: the server's pick decides.
  if (tapped && first?.task) return <JustStart initial={first} tapped={tapped} confirm={pick} />;
  return (
    <Suspense fallback={<Finding />}>
      <FromServer pick={pick} clockScript={clockScript} />
    </Suspense>
  );
}
