// One block of the account page: a card with its heading (h2, linked from the id) and an
// optional quiet line under it.
import type { ReactNode } from 'react';
import { Card } from '@/components/Card';

export function Section({ id, title, description, children, actions }: { id: string; title: string; description?: ReactNode; children: ReactNode; actions?: ReactNode }) {
  const headingId = `${id}-title`;
  return (
    <Card as="section" id={id} aria-labelledby={headingId} className="scroll-mt-24">
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold leading-snug">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </Card>
  );
}

/** A calm inline notice (information, not an error). */
export function Notice({ children, tone = 'neutral', role = 'status' }: { children: ReactNode; tone?: 'neutral' | 'success' | 'warning'; role?: 'status' | 'note' }) {
  const tones = {
    neutral: 'border-border bg-surfaceMuted text-text',
    success: 'border-transparent bg-successSoft text-text',
    warning: 'border-transparent bg-warningSoft text-text',
  } as const;
  return (
    <div role={role} className={`rounded-control border px-4 py-3 text-sm leading-relaxed ${tones[tone]}`}>
      {children}
    </div>
  );
}
