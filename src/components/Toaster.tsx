'use client';
// The notification stack's live region and cards (./toast-store has the store, `toast()` and
// `useToast()`): mounted once, after the page has loaded or as soon as a toast is shown
// (./Toast's LazyToaster), so that no page's first load carries it. A toast shown before then
// waits in the store and appears, with its full time, when this mounts.
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { swipeDismisses, type ToastItem } from '@/lib/toast';
import { CloseIcon } from './CloseIcon';
import { dismissToast, useToast } from './toast-store';

const HOTKEY = 'F8';

/** Mount once: the live region every toast appears in. */
export function Toaster() {
  const { toasts } = useToast();
  const regionRef = useRef<HTMLElement>(null);
  // The live region is in the page before its first toast, so that a screen reader announces a
  // toast that was waiting for this code (a region inserted with its content is not announced).
  const [announcing, setAnnouncing] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setAnnouncing(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === HOTKEY && !event.ctrlKey && !event.altKey && !event.metaKey) {
        event.preventDefault();
        const region = regionRef.current;
        const first = region?.querySelector<HTMLElement>('[data-toast]');
        (first ?? region)?.focus();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section
      ref={regionRef}
      aria-label={`Notifications (${HOTKEY})`}
      tabIndex={-1}
      className="pointer-events-none fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col p-4 outline-none sm:p-6"
    >
      <ol aria-live="polite" aria-relevant="additions text" aria-atomic="false" className="flex flex-col gap-3">
        {(announcing ? toasts : []).map((item) => (
          <ToastCard key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}

function ToastCard({ item }: { item: ToastItem }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const drag = useRef<{ x: number; pointerId: number } | null>(null);
  const remaining = useRef(item.duration);
  const startedAt = useRef(0);

  // Auto-dismiss after the toast's duration; pointing at it or focusing it pauses the clock.
  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    startedAt.current = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
    };
  }, [paused, item.id]);

  function onPointerDown(event: ReactPointerEvent<HTMLLIElement>) {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
    drag.current = { x: event.clientX, pointerId: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function onPointerMove(event: ReactPointerEvent<HTMLLIElement>) {
    if (!drag.current || drag.current.pointerId !== event.pointerId) return;
    setOffset(Math.max(0, event.clientX - drag.current.x));
  }
  function onPointerEnd(event: ReactPointerEvent<HTMLLIElement>) {
    if (!drag.current || drag.current.pointerId !== event.pointerId) return;
    const delta = event.clientX - drag.current.x;
    drag.current = null;
    if (swipeDismisses(delta)) dismissToast(item.id);
    else setOffset(0);
  }

  const destructive = item.variant === 'destructive';
  return (
    <li
      data-toast
      data-variant={item.variant}
      tabIndex={0}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismissToast(item.id);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      style={{ transform: offset ? `translateX(${offset}px)` : undefined, opacity: offset ? Math.max(0.3, 1 - offset / 200) : undefined }}
      className={`pointer-events-auto relative flex touch-pan-y select-none items-start gap-3 rounded-card border p-4 pr-11 shadow-lg transition-[transform,opacity] duration-150 motion-safe:animate-[toast-in_200ms_ease-out] ${
        destructive ? 'border-danger bg-dangerSoft text-text' : 'border-border bg-surface text-text'
      }`}
    >
      <div className="min-w-0 flex-1">
        {item.title ? <p className={`text-sm font-semibold ${destructive ? 'text-danger' : ''}`}>{item.title}</p> : null}
        {item.description ? <p className="mt-1 text-sm text-muted">{item.description}</p> : null}
        {item.action ? (
          <button
            type="button"
            onClick={() => {
              item.action?.onClick();
              dismissToast(item.id);
            }}
            className="mt-3 inline-flex h-8 items-center rounded-control border border-border bg-surface px-3 text-sm font-medium hover:bg-surfaceMuted"
          >
            {item.action.label}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        aria-label="Close notification"
        className="absolute right-2 top-2 inline-flex size-8 items-center justify-center rounded-control text-muted hover:bg-surfaceMuted hover:text-text"
      >
        <CloseIcon className="size-4" />
      </button>
    </li>
  );
}
