'use client';
// /start's screen (src/app/(app)/start/page.tsx). Reached by the dashboard's tap, it starts the
// timer in its first render from the tap's hand-off (./just-start-handoff.ts) and lets the
// server's pick confirm it when it streams in; reached any other way (the app's shortcut, the
// mini timer, a reload), it shows the server's pick as soon as it is in the page, the timer
// running from hydration.
import { Suspense, use, useEffect, useState } from 'react';
import { Card } from '@/components/Card';
import { pickFromTasks, type StarterPick } from '@/lib/just-start';
import { displayTimeZone } from '@/lib/time-zone';
import { forgetHandoff, readHandoff } from './just-start-handoff';
import { JustStart } from './JustStart';

function FromServer({ pick }: { pick: Promise<StarterPick | null> }) {
  return <JustStart initial={use(pick)} />;
}

function Finding() {
  return (
    <Card className="mx-auto flex max-w-xl flex-col items-start gap-4">
      <h1 className="text-2xl font-semibold">Just start</h1>
      <p>Finding one thing to start…</p>
    </Card>
  );
}

export function JustStartScreen({ pick }: { pick: Promise<StarterPick | null> }) {
  // Read once, in the first render: null on the server and on any load that was not the tap's.
  const [tapped] = useState(readHandoff);
  const [first] = useState(() => (tapped ? pickFromTasks(tapped.tasks, [], new Date(tapped.startedAt), displayTimeZone()) : null));
  useEffect(forgetHandoff, []);
  if (tapped && first) return <JustStart initial={first} tapped={tapped} confirm={pick} />;
  return (
    <Suspense fallback={<Finding />}>
      <FromServer pick={pick} />
    </Suspense>
  );
}
