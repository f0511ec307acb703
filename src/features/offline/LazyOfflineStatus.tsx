'use client';
// The App Router pages' service worker status (./OfflineStatus), loaded once the page is idle so
// that no page's first load carries it.
import { useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '@/components/lazy';

export function LazyOfflineStatus() {
  const [Status, setStatus] = useState<ComponentType | null>(null);
  useEffect(() => {
    whenIdle(() => void import('./OfflineStatus').then((module) => setStatus(() => module.OfflineStatus)));
  }, []);
  return Status ? <Status /> : null;
}
