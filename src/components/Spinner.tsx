// Waiting, said calmly: a small spinner for inline waits and a full-screen overlay for waits
// that block the page (signing in). Both announce themselves to screen readers.
import type { ReactNode } from 'react';

/**
 * `hidden`: kept in the page, out of sight and out of the accessibility tree, once the wait is over:
 * where the answer comes in beside it, React then has nothing to remove (see CalendarFeedSection).
 */
export function Spinner({ className = 'size-5', label, hidden = false }: { className?: string; label?: string; hidden?: boolean }) {
  return (
    <span role={label ? 'status' : undefined} hidden={hidden} className={hidden ? undefined : 'inline-flex items-center gap-2'}>
      <span aria-hidden className={`${className} animate-spin rounded-full border-2 border-current border-t-transparent opacity-80`} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** Covers the whole screen while something that blocks the page finishes. */
export function LoadingOverlay({ label = 'Loading…', children }: { label?: string; children?: ReactNode }) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
      className="fixed inset-0 z-[90] flex flex-col items-center justify-center gap-4 bg-bg/90 text-text backdrop-blur-sm"
    >
      <span aria-hidden className="size-10 animate-spin rounded-full border-[3px] border-accent border-t-transparent" />
      <p className="text-base font-medium">{label}</p>
      {children}
    </div>
  );
}
