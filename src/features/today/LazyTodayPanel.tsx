'use client';
// The dashboard's place for the Today panel. The panel (./TodayPanel: its query, its choices)
// is fetched once the dashboard has hydrated and painted, so the dashboard's first paint and
// first load (docs/architecture.md, "The dashboard island") carry none of it. Until it is there,
// and on the server, a quiet card of the same height holds its place.
import { useEffect, useState, type ComponentType } from 'react';
import { Card } from '@/components/Card';
import { afterNextPaint } from '@/components/lazy';
import { TODAY_PANEL_CLASS } from './panel-frame';

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
  return (
    <Card as="section" aria-label="Today" padding="sm" className={TODAY_PANEL_CLASS}>
      <p className="text-sm text-muted">Reading your day…</p>
    </Card>
  );
}
