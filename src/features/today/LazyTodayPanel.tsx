'use client';
// The dashboard's place for the Today panel. The panel (./TodayPanel: its query, its choices)
// is fetched once the dashboard has hydrated and painted, so the dashboard's first paint and
// first load (docs/architecture.md, "The dashboard island") carry none of it. Until it is there,
// and on the server, a quiet card of the same height holds its place.
import { useEffect, useState, type ComponentType } from 'react';
import { Card } from '@/components/Card';
import { afterNextPaint } from '@/components/lazy';
import { TODAY_PANEL_CLASS } from './panel-frame';

let loaded: ComponentType | null = null;

export function LazyTodayPanel() {
  const [Panel, setPanel] = useState<ComponentType | null>(() => loaded);
  useEffect(() => {
    if (Panel) return;
    let current = true;
    void afterNextPaint()
      .then(() => import('./TodayPanel'))
      .then((module) => {
        loaded = module.TodayPanel;
        if (current) setPanel(() => module.TodayPanel);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [Panel]);
  if (Panel) return <Panel />;
  return (
    <Card as="section" aria-label="Today" padding="sm" className={TODAY_PANEL_CLASS}>
      <p className="text-sm text-muted">Reading your day…</p>
    </Card>
  );
}
