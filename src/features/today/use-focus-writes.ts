'use client';
// Just start's focused time on its task (POST /api/tasks/{id}/focus, through ./just-start-picks.ts's
// writeFocus: an Idempotency-Key on each write, queued in the service worker with no network and
// written once when it is back). Written every minute while the timer runs, when the person stops
// or picks something else (`flush`), and as the page goes (pagehide, keepalive); each write carries
// only the seconds since the last one, so the time counts once whichever way it leaves.
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { preloadStepWrites, writeFocus, type StepWrites } from './just-start-picks';

/** Focus is written at least this often while the timer runs. */
const FLUSH_EVERY_MS = 60_000;

/** The most seconds one write may carry (ZRecordFocusInput). */
const WRITE_MAX_SECONDS = 14_400;

/**
 * `task`: the task the time counts on; `elapsed`: the focused milliseconds on it so far;
 * `started`: the timer has run (the offline write path then loads); `ticking`: it runs now.
 * `flush` writes what is not written yet; `restart` starts a new count (another task, or again).
 */
export function useFocusWrites(task: { id: string; title: string } | null | undefined, elapsed: RefObject<number>, started: boolean, ticking: boolean) {
  // Focused milliseconds already written for the current count.
  const written = useRef(0);
  const writes = useRef<StepWrites | null>(null);

  // Once the timer runs, the code a ticked step and a focus write need (offline too) comes in the background.
  useEffect(() => {
    if (!started) return;
    void preloadStepWrites()
      .then((module) => {
        writes.current = module;
      })
      .catch(() => {});
  }, [started]);

  const flush = useCallback(
    (keepalive = false) => {
      const seconds = Math.floor((elapsed.current - written.current) / 1000);
      if (!task || seconds < 1) return;
      written.current += seconds * 1000;
      writeFocus(writes.current, task, Math.min(seconds, WRITE_MAX_SECONDS), keepalive);
    },
    [task, elapsed],
  );

  useEffect(() => {
    if (!ticking) return;
    const id = window.setInterval(() => flush(), FLUSH_EVERY_MS);
    const leave = () => flush(true);
    window.addEventListener('pagehide', leave);
    return () => {
      window.clearInterval(id);
      window.removeEventListener('pagehide', leave);
    };
  }, [ticking, flush]);

  const restart = useCallback(() => {
    written.current = 0;
  }, []);

  return { flush, restart };
}
