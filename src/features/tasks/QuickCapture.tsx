'use client';
// Quick capture: one field that reads plain words ("Call Sam tomorrow 5pm !high ~30m every
// Monday #blue") into a task draft, previewed as it is typed; Enter (or the button) hands the
// draft on to be checked and corrected in the task form before anything is saved. The parser
// (with chrono-node) loads on first use, never in a page's first load.
//
// Not a react-hook-form form (src/components/Form.tsx) on purpose: it is one text field whose
// only rule is the parser's (a draft needs a title), and the schema-checked form it feeds is the
// task form. It sits in /dashboard's first load, where react-hook-form is not (the task dialogs
// bring it when they open): the hook would add its 13.5 kB gzip there (the figure measured for
// /signin's first load with bench/frontend.mjs) to hold one string.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ButtonCore';
import { borderFor, controlBase, Field, useFieldIds } from '@/components/FieldFrame';
import type { QuickDraft } from '@/lib/quick-capture';
import { formatLocal } from '@/lib/local-format';
import { displayTimeZone } from '@/lib/time-zone';
import { describeRule } from '@/lib/recurrence-picker';

type Parser = typeof import('@/lib/quick-capture');
let parserPromise: Promise<Parser> | null = null;
const loadParser = () => (parserPromise ??= import('@/lib/quick-capture'));

const QUICK_CAPTURE_PLACEHOLDER = 'e.g. Call Sam tomorrow 5pm !high ~30m every Monday #blue';

function formatEstimate(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours ? `${hours} h${rest ? ` ${rest} min` : ''}` : `${rest} min`;
}

export function QuickCapture({ onDraft, label = 'Quick add', buttonLabel = 'Review' }: { onDraft: (draft: QuickDraft) => void; label?: string; buttonLabel?: string }) {
  const [text, setText] = useState('');
  const [draft, setDraft] = useState<QuickDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const parser = useRef<Parser | null>(null);

  const read = async (value: string): Promise<QuickDraft | null> => {
    if (!value.trim()) return null;
    parser.current ??= await loadParser();
    return parser.current.parseQuickCapture(value, displayTimeZone());
  };

  const change = (value: string) => {
    setText(value);
    setError(null);
    void read(value).then((next) => setDraft(next));
  };

  const submit = async () => {
    const next = await read(text);
    if (!next || !next.title) {
      setError(parser.current?.NO_TITLE ?? 'Add a few words for the title');
      return;
    }
    onDraft(next);
    setText('');
    setDraft(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void submit();
  };

  // The preview is part of the field's description, so it is read with the field.
  const previewId = useId();
  const ids = useFieldIds(undefined, null, error, previewId);

  return (
    <div className="flex flex-col gap-1.5" data-testid="quick-capture">
      <Field htmlFor={ids.controlId} label={label} error={error} errorId={ids.errorId}>
        <div className="flex gap-2">
          <input
            id={ids.controlId}
            type="text"
            value={text}
            maxLength={500}
            autoComplete="off"
            placeholder={QUICK_CAPTURE_PLACEHOLDER}
            aria-describedby={ids.describedBy}
            aria-invalid={error ? true : undefined}
            onFocus={() => void loadParser()}
            onChange={(event) => change(event.target.value)}
            onKeyDown={onKeyDown}
            className={`${controlBase} ${borderFor(error)} h-11 min-w-0 px-3 text-base sm:text-sm`}
          />
          <Button type="button" variant="secondary" onClick={() => void submit()} disabled={!text.trim()}>
            {buttonLabel}
          </Button>
        </div>
      </Field>
      <div id={previewId} aria-live="polite" className="min-h-5">
        {draft ? <DraftPreview draft={draft} /> : null}
      </div>
    </div>
  );
}

function DraftPreview({ draft }: { draft: QuickDraft }) {
  const items: [string, string][] = [
    ['Title', draft.title || '—'],
    ['Due', draft.dueDate ? formatLocal(draft.dueDate, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }) : 'No date'],
    ['Importance', draft.importance],
  ];
  if (draft.estimatedMinutes) items.push(['Estimate', formatEstimate(draft.estimatedMinutes)]);
  if (draft.recurrence) items.push(['Repeats', describeRule(draft.recurrence)]);
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="What this will create">
      {items.map(([term, value]) => (
        <div key={term} className="flex gap-1.5">
          <dt className="text-muted">{term}:</dt>
          <dd className="font-medium text-text">{value}</dd>
        </div>
      ))}
      {draft.color ? (
        <div className="flex items-center gap-1.5">
          <dt className="text-muted">Colour:</dt>
          <dd className="flex items-center gap-1 font-medium text-text">
            <span aria-hidden className="inline-block size-3 rounded-full" style={{ backgroundColor: draft.color }} />
            {draft.color}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
