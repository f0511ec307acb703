'use client';
// Quick capture: one field that reads plain words ("Call Sam tomorrow 5pm !high ~30m every
// Monday #blue") into a task draft, previewed as it is typed; Enter (or the button) hands the
// draft on to be checked and corrected in the task form before anything is saved. The parser
// (with chrono-node) loads on first use, never in a page's first load.
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useSchemaForm } from '@/components/Form';
import type { QuickDraft } from '@/lib/quick-capture';
import { formatLocal } from '@/lib/local-format';
import { displayTimeZone } from '@/lib/time-zone';
import { describeRule } from '@/lib/recurrence-picker';
import { QuickCaptureView } from './QuickCaptureView';

/**
 * What the dashboard's stand-in (./QuickAdd.tsx) hands over: its input (read as this field
 * replaces it, in the same commit, so no key pressed meanwhile is lost), whether it has focus,
 * and whether Enter was pressed before this field was there.
 */
export interface QuickCaptureStart {
  input: HTMLInputElement | null;
  focused: () => boolean;
  submitted: () => boolean;
}

type Parser = typeof import('@/lib/quick-capture');
let parserPromise: Promise<Parser> | null = null;
const loadParser = () => (parserPromise ??= import('@/lib/quick-capture'));

function formatEstimate(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours ? `${hours} h${rest ? ` ${rest} min` : ''}` : `${rest} min`;
}

export function QuickCapture({
  onDraft,
  label = 'Quick add',
  buttonLabel = 'Review',
  start,
}: {
  onDraft: (draft: QuickDraft) => void;
  label?: string;
  buttonLabel?: string;
  start?: QuickCaptureStart | null;
}) {
  // What the words will create, shown as they are typed (the same parser the schema uses).
  const [draft, setDraft] = useState<QuickDraft | null>(null);
  // The field is a react-hook-form form like every other (src/components/Form.tsx), without a
  // <form> element of its own: in the task dialog it sits inside the task's form, and forms do
  // not nest. Enter and the button submit it; the draft is the schema's output.
  const { form, formProps } = useSchemaForm<{ text: string }, QuickDraft>({
    schema: () => import('@/lib/schemas/quick-capture-form').then((module) => module.quickCaptureFormSchema()),
    defaultValues: { text: '' },
    onValid: (next) => {
      onDraft(next);
      form.reset();
    },
  });
  const text = useWatch({ control: form.control, name: 'text' });
  const error = form.formState.errors.text?.message ?? null;

  useEffect(() => {
    if (!text.trim()) return;
    // Only the latest words: a read finishing after the words changed is dropped.
    let latest = true;
    void loadParser().then((parser) => {
      if (latest) setDraft(parser.parseQuickCapture(text, displayTimeZone()));
    });
    return () => {
      latest = false;
    };
  }, [text]);
  const shown = text.trim() ? draft : null;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void formProps.onSubmit();
  };

  // The preview is part of the field's description, so it is read with the field.
  const previewId = useId();

  // Taking over from the dashboard's stand-in (./QuickAdd.tsx), in the commit that swaps them (no
  // key can land in between): its words, focus and caret, and an Enter pressed meanwhile.
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!start) return;
    const words = start.input?.value ?? '';
    if (words) form.setValue('text', words);
    const input = root.current?.querySelector('input');
    if (input && start.focused()) {
      input.focus();
      const caret = start.input?.selectionStart ?? words.length;
      input.setSelectionRange(caret, caret);
    }
    if (start.submitted() && words.trim()) void formProps.onSubmit();
    // Once, as this field replaces the stand-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <QuickCaptureView
        rootRef={root}
        label={label}
        buttonLabel={buttonLabel}
        error={error}
        previewId={previewId}
        buttonDisabled={!text.trim()}
        onButton={() => void formProps.onSubmit()}
        inputProps={{
          onFocus: () => {
            formProps.onFocus();
            void loadParser();
          },
          onKeyDown,
          ...form.register('text'),
        }}
      >
        {shown ? <DraftPreview draft={shown} /> : null}
    </QuickCaptureView>
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
