'use client';
// One past session: name, start time, display mode label, and (as an extra) its focused
// time and completed tasks. The actions (view details, delete) appear on hover and on keyboard
// focus; on touch screens, which cannot hover, they are always shown.
import { Badge } from '@/components/Badge';
import { DISPLAY_MODE_LABELS } from '@/lib/constants';
import type { TFocusSession } from '@/lib/schemas/session';
import { formatMinutes } from '@/lib/minutes';
import { startTimeLabel } from './format';

/** `zone`: the account's, as the page's charts use it (no check against the browser's zones while the page hydrates). */
export function SessionCard({
  session,
  zone,
  focused,
  completed,
  onDetails,
  onDelete,
}: {
  session: TFocusSession;
  zone: string;
  focused: number;
  completed: number;
  onDetails: () => void;
  onDelete: () => void;
}) {
  return (
    <li
      className="group relative flex flex-col gap-2 rounded-card border border-border bg-surface p-5 transition-colors hover:border-muted/50 focus-within:border-muted/50"
      data-testid="session-card"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 break-words text-base font-semibold leading-snug">{session.sessionName}</h3>
        <Badge variant={session.sessionType === 'ai' ? 'accent' : 'neutral'} className="shrink-0">
          {DISPLAY_MODE_LABELS[session.displayMode]}
        </Badge>
      </div>
      <p className="text-sm text-muted">
        <time dateTime={session.startedAt}>{startTimeLabel(session.startedAt, zone)}</time>
      </p>
      <div className="flex items-end justify-between gap-3">
        <dl className="flex flex-col gap-0.5 text-sm">
          <div className="flex gap-1.5">
            <dt className="text-muted">Focused</dt>
            <dd className="font-medium tabular">{formatMinutes(focused)}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-muted">Tasks completed</dt>
            <dd className="font-medium tabular">{completed}</dd>
          </div>
        </dl>
        <div className="-mb-1 -mr-1 flex shrink-0 gap-1 transition-opacity [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100 [@media(hover:hover)]:group-focus-within:opacity-100">
          <button
            type="button"
            onClick={onDetails}
            aria-label={`Details of ${session.sessionName}`}
            title="Details"
            className="inline-flex size-8 items-center justify-center rounded-control text-muted hover:bg-surfaceMuted hover:text-text"
          >
            <EyeIcon />
          </button>
          <button
            type="button"
            onClick={onDelete}
            aria-label={`Delete ${session.sessionName}`}
            title="Delete"
            className="inline-flex size-8 items-center justify-center rounded-control text-muted hover:bg-dangerSoft hover:text-danger"
          >
            <TrashIcon />
          </button>
        </div>
      </div>
    </li>
  );
}

function EyeIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden className="size-[18px]">
      <path d="M1.5 10s3-5.5 8.5-5.5S18.5 10 18.5 10 15.5 15.5 10 15.5 1.5 10 1.5 10z" />
      <circle cx="10" cy="10" r="2.5" />
    </svg>
  );
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" aria-hidden className="size-[18px]">
      <path d="M3.5 5.5h13M8 5.5V4h4v1.5M5.5 5.5l.8 10.5h7.4l.8-10.5M8.5 8.5v5M11.5 8.5v5" />
    </svg>
  );
}
