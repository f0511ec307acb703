'use client';
// One proposed subtask: title, description, estimate, difficulty badge (the word, not colour
// alone), 'Aim for' deadline, and Add as Subtask which turns into Added.
import { Badge } from '@/components/Badge';
import { Button } from '@/components/ButtonCore';
import { Card } from '@/components/Card';
import { difficultyBadgeVariant, formatEstimate } from '@/lib/breakdown';
import type { TBreakdownSubtask as BreakdownSubtask } from '@/lib/schemas/ai';
import { displayTimeZone } from '@/lib/time-zone';

function formatAimFor(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: displayTimeZone() });
}

export function SubtaskCard({
  subtask,
  index,
  state,
  onAdd,
}: {
  subtask: BreakdownSubtask;
  index: number;
  state: 'idle' | 'adding' | 'added';
  onAdd: () => void;
}) {
  const estimate = formatEstimate(subtask.estimatedTime);
  const titleId = `subtask-${index}-title`;
  return (
    <Card as="li" padding="sm" aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 flex-1 font-semibold leading-snug">
          <span className="mr-2 text-muted tabular" aria-hidden>
            {index + 1}.
          </span>
          {subtask.title}
        </h3>
        <Badge variant={difficultyBadgeVariant(subtask.difficulty)}>
          <span className="sr-only">Difficulty: </span>
          {subtask.difficulty}
        </Badge>
      </div>
      {subtask.description ? <p className="text-sm leading-relaxed text-muted">{subtask.description}</p> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {estimate ? (
            <div className="flex gap-1">
              <dt className="text-muted">Estimated time:</dt>
              <dd className="font-medium tabular">{estimate}</dd>
            </div>
          ) : null}
          {subtask.suggestedDeadline ? (
            <div className="flex gap-1">
              <dt className="text-muted">Aim for</dt>
              <dd className="font-medium">{formatAimFor(subtask.suggestedDeadline)}</dd>
            </div>
          ) : null}
        </dl>
        <Button
          size="sm"
          variant={state === 'added' ? 'ghost' : 'secondary'}
          pending={state === 'adding'}
          disabled={state === 'added'}
          onClick={onAdd}
          aria-label={state === 'added' ? `Added: ${subtask.title}` : `Add as Subtask: ${subtask.title}`}
        >
          {state === 'added' ? (
            <>
              <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden className="size-4">
                <path d="M4.5 10.5l3.5 3.5 7.5-8" />
              </svg>
              Added
            </>
          ) : (
            'Add as Subtask'
          )}
        </Button>
      </div>
    </Card>
  );
}
