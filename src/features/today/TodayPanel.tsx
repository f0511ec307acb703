'use client';
// The dashboard's Today panel's code, loaded after the dashboard has hydrated (./LazyTodayPanel),
// so it costs the first paint nothing: the ritual's check-in due now under the day's words, and
// the ritual's one-time offer at the foot of the dashboard. The card, its words
// (./TodaySummary) and the choices when more is planned than the time left (./TodayOverChoices)
// are ./LazyTodayPanel's, drawn with the page; what comes from here is added inside or after them
// (nothing the server drew is replaced: docs/architecture.md, "/dashboard after its hydration").
import { useQuery } from '@tanstack/react-query';
import { Card } from '@/components/Card';
import { useTRPC } from '@/trpc/react';
import type { TTodayOutput } from '@/lib/schemas/today';
import { EveningRitual, MorningRitual, RitualOffer } from './Ritual';

/**
 * The ritual's one-time offer, at the foot of the dashboard: it arrives after the page has
 * loaded, and there it moves nothing that is already on screen.
 */
export function RitualOfferSlot() {
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());
  if (!me.data || me.data.ritual.offered) return null;
  return (
    <Card as="section" aria-label="A short daily check-in" padding="sm" className="mt-6">
      <RitualOffer />
    </Card>
  );
}

/** The ritual's check-in due now, under the day's words (drawn by ./LazyTodayPanel with the page). */
export function TodayRitual({ day, ritual, onRitualDone }: { day: TTodayOutput; ritual: 'morning' | 'evening' | null; onRitualDone: () => void }) {
  if (ritual === 'morning') return <MorningRitual day={day} onDone={onRitualDone} />;
  if (ritual === 'evening') return <EveningRitual day={day} doneToday={day.completedToday} onDone={onRitualDone} />;
  return null;
}
