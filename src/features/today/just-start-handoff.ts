'use client';
// Just start's hand-off from the dashboard: the tap writes the moment and the open tasks the
// dashboard already shows into this tab's sessionStorage, and /start (./JustStartScreen) starts the
// starter timer from them in its first render, without waiting for the server: the server's own
// pick (GET /api/today/next, streamed with the page) follows and confirms it (the why gains the
// free time). Only a hand-off made in this same document and a moment ago counts, so a reload or a
// later visit of /start never reuses one (and the server's render and the browser's agree).
import type { TTaskOutput } from '@/lib/schemas/task';

const KEY = 'onething-just-start';
/** A hand-off older than this is not the tap that led here. */
const FRESH_MS = 15_000;

export type Handoff = { startedAt: number; tasks: TTaskOutput[] };

/** The dashboard's tap on "Just start": now, and the open tasks it has (top-level and their steps). */
export function handOffJustStart(tasks: readonly TTaskOutput[]): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ origin: performance.timeOrigin, at: Date.now(), tasks: tasks.filter((task) => !task.completed && !task.letGoAt) }));
  } catch {
    // storage full or disabled: /start asks the server, as from the app's shortcut
  }
}

/** The hand-off of the tap that led here, if this page was reached by it (null on the server). */
export function readHandoff(): Handoff | null {
  if (typeof window === 'undefined') return null;
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as { origin?: unknown; at?: unknown; tasks?: unknown } | null;
    if (!saved || saved.origin !== performance.timeOrigin || typeof saved.at !== 'number' || !Array.isArray(saved.tasks)) return null;
    if (Date.now() - saved.at > FRESH_MS || saved.at > Date.now()) return null;
    return { startedAt: saved.at, tasks: saved.tasks as TTaskOutput[] };
  } catch {
    return null;
  }
}

/** Used once: a later visit of /start in this tab asks the server again. */
export function forgetHandoff(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
