'use client';
// The dashboard's place for the Today panel. The panel's code (./TodayPanel: the ritual's
// check-in and offer) is fetched once the dashboard has hydrated and painted, so the dashboard's first paint and
// first load (docs/architecture.md, "The dashboard island") carry none of it. Until it is there,
// and on the server, the panel's words hold its place (./TodaySummary, from the day the server
// read with the page): the dashboard's largest paint is in the server's HTML, not after a fetch.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType } from 'react';
import { Card } from '@/components/Card';
import { afterNextPaint } from '@/components/lazy';
import { useTRPC } from '@/trpc/react';
import { TODAY_PANEL_CLASS } from './panel-frame';
import { ritualDueNow } from './ritual-due';
import { TodayOverChoices } from './TodayOverChoices';
import { TodaySummary } from './TodaySummary';

type PanelModule = typeof import('./TodayPanel');
let loaded: PanelModule | null = null;

/** The panel's module, fetched once the dashboard has hydrated and painted. */
function usePanelModule(): PanelModule | null {
  const [panelModule, setModule] = useState<PanelModule | null>(() => loaded);
  useEffect(() => {
    if (panelModule) return;
    let current = true;
    void afterNextPaint()
      .then(() => import('./TodayPanel'))
      .then((panel) => {
        loaded = panel;
        if (current) setModule(panel);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [panelModule]);
  return panelModule;
}

/** The ritual's one-time offer (at the foot of the dashboard): nothing until the panel's code is there. */
export function LazyRitualOffer() {
  const Offer: ComponentType | undefined = usePanelModule()?.RitualOfferSlot;
  return Offer ? <Offer /> : null;
}

/**
 * The Today card: its words and, when more is planned than the time left, its choices from the
 * cache (the server's read) with the page (`keptDate`: the request's "Keep anyway" cookie,
 * ./today-kept.ts), and the ritual's check-in added inside it once the panel's code is here. The
 * card and the words stay the very elements the server drew: replacing them with the panel's own copy was the first fiber deletion after
 * the page's hydration, and on that commit V8 threw away React's optimised commit code for every
 * level of the page's tree above it (about 100 lazy deoptimisations, twice: a 10-16 ms task on a
 * desktop, ×4 on Lighthouse's phone).
 */
export function LazyTodayPanel({ keptDate }: { keptDate: string | null }) {
  const panel = usePanelModule();
  const trpc = useTRPC();
  const today = useQuery(trpc.today.get.queryOptions());
  const me = useQuery(trpc.auth.me.queryOptions());
  const [ritualClosed, setRitualClosed] = useState(false);
  // Without its code, the words of the server's read; with it, the panel's own states.
  if (!today.data || (panel && today.isError)) {
    return (
      <Card as="section" aria-label="Today" padding="sm" className={TODAY_PANEL_CLASS}>
        <p className="text-sm text-muted">{panel && today.isError ? 'Today’s figures could not be loaded.' : 'Reading your day…'}</p>
      </Card>
    );
  }
  const day = today.data;
  const ritual = panel && me.data && !ritualClosed ? ritualDueNow(me.data, day) : null;
  return (
    <Card as="section" aria-labelledby="today-title" padding="sm" className={TODAY_PANEL_CLASS}>
      <TodaySummary day={day} timeZone={me.data?.timeZone} showLine={ritual !== 'evening'} />
      <TodayOverChoices day={day} keptDate={keptDate} />
      {panel ? <panel.TodayRitual day={day} ritual={ritual} onRitualDone={() => setRitualClosed(true)} /> : null}
    </Card>
  );
}
