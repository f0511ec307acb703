'use client';
// The dashboard's Quick add: the field's light stand-in in the dashboard's first load, the same
// markup (./QuickCaptureView.tsx) without react-hook-form and the field's logic. Those load at the
// first focus, key or pointer on the field (never in a load Lighthouse or a person only looks at:
// react-hook-form's evaluation and the form's first render were a long task right after the
// island's hydration); the field (./QuickCapture.tsx) then takes the stand-in's place with its
// words, focus and caret, and an Enter pressed meanwhile.
import { useId, useRef, useState, type ComponentType } from 'react';
import type { QuickDraft } from '@/lib/quick-capture';
import type { QuickCapture, QuickCaptureStart } from './QuickCapture';
import { QuickCaptureView } from './QuickCaptureView';

type Field = typeof QuickCapture;

export function QuickAdd({ onDraft }: { onDraft: (draft: QuickDraft) => void }) {
  const [field, setField] = useState<{ Component: ComponentType<Parameters<Field>[0]>; start: QuickCaptureStart } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const loading = useRef<Promise<void> | null>(null);
  const submitted = useRef(false);
  const focused = useRef(false);
  const previewId = useId();

  if (field) return <field.Component onDraft={onDraft} start={field.start} />;

  const load = () => {
    loading.current ??= import('./QuickCapture').then(
      (module) => {
        // Read by the field as it takes this one's place (keys typed until then stay in this input).
        setField({ Component: module.QuickCapture, start: { input: input.current, focused: () => focused.current, submitted: () => submitted.current } });
      },
      // Offline without the chunk: the next focus tries again.
      () => {
        loading.current = null;
      },
    );
  };

  return (
    <QuickCaptureView
      label="Quick add"
      buttonLabel="Review"
      error={null}
      previewId={previewId}
      buttonDisabled
      onButton={load}
      inputProps={{
        ref: input,
        onFocus: () => {
          focused.current = true;
          load();
        },
        onBlur: (event) => {
          // Not the blur of its own removal, as the field takes its place.
          if (event.currentTarget.isConnected) focused.current = false;
        },
        onPointerDown: load,
        onKeyDown: (event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            submitted.current = true;
          }
          load();
        },
      }}
    />
  );
}
