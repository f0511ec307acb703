'use client';
// The dashboard's place for the Today panel. The panel (./TodayPanel: its query, its choices)
// is fetched once the dashboard has hydrated and painted, so the dashboard's first paint and
// first load (docs/architecture.md, "The dashboard island") carry none of it. Until it is there,
// and on the server, the panel's words hold its place (./TodaySummary, from the day the server
// read with the page): the dashboard's largest paint is in the server's HTML, not after a fetch.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType } from 'react';
import { Card } from '@/components/Card';
import { afterNextPaint } from '@/components/lazy';
import { useTRPC } from '@/trpc/react';
import { TODAY_PANEL_CLASS } from './panel-frame';
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

export function LazyTodayPanel() {
  const Panel: ComponentType | undefined = usePanelModule()?.TodayPanel;
  if (Panel) return <Panel />;
  return <TodayWords />;
}

/** The panel's words from the cache (the server's read), or a quiet card of the same height without it. */
function TodayWords() {
  const trpc = useTRPC();
  const today = useQuery(trpc.today.get.queryOptions());
  const me = useQuery(trpc.auth.me.queryOptions());
  if (!today.data) {
    return (
      <Card as="section" aria-label="Today" padding="sm" className={TODAY_PANEL_CLASS}>
        <p className="text-sm text-muted">Reading your day…</p>
      </Card>
    );
  }
  return (
    <Card as="section" aria-labelledby="today-title" padding="sm" className={TODAY_PANEL_CLASS}>
      <TodaySummary day={today.data} timeZone={me.data?.timeZone} />
    </Card>
  );
}
