// The Quick add field's markup, one for both of its states: the field itself (./QuickCapture.tsx,
// a react-hook-form form) and the dashboard's light stand-in that is in its first load
// (./QuickAdd.tsx), so the server's HTML, the hydration and the field that replaces the stand-in
// are the same elements to the eye and to a screen reader.
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Button } from '@/components/ButtonCore';
import { borderFor, controlBase, Field, useFieldIds } from '@/components/FieldFrame';
import { QUICK_CAPTURE_MAX } from '@/lib/constants';

const QUICK_CAPTURE_PLACEHOLDER = 'e.g. Call Sam tomorrow 5pm !high ~30m every Monday #blue';

export interface QuickCaptureViewProps {
  label: string;
  buttonLabel: string;
  error: string | null;
  /** The preview's id: part of the field's description, so it is read with the field. */
  previewId: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  buttonDisabled: boolean;
  onButton: () => void;
  /** The draft's preview. */
  children?: ReactNode;
  rootRef?: Ref<HTMLDivElement>;
}

export function QuickCaptureView({ label, buttonLabel, error, previewId, inputProps, buttonDisabled, onButton, children, rootRef }: QuickCaptureViewProps) {
  const ids = useFieldIds(undefined, null, error, previewId);
  return (
    <div ref={rootRef} className="flex flex-col gap-1.5" data-testid="quick-capture">
      <Field htmlFor={ids.controlId} label={label} error={error} errorId={ids.errorId}>
        <div className="flex gap-2">
          <input
            id={ids.controlId}
            type="text"
            maxLength={QUICK_CAPTURE_MAX}
            autoComplete="off"
            placeholder={QUICK_CAPTURE_PLACEHOLDER}
            aria-describedby={ids.describedBy}
            aria-invalid={error ? true : undefined}
            className={`${controlBase} ${borderFor(error)} h-11 min-w-0 px-3 text-base sm:text-sm`}
            {...inputProps}
          />
          <Button type="button" variant="secondary" onClick={onButton} disabled={buttonDisabled}>
            {buttonLabel}
          </Button>
        </div>
      </Field>
      <div id={previewId} aria-live="polite" className="min-h-5">
        {children}
      </div>
    </div>
  );
}
