'use client';
// The frame every labelled control of the app is drawn in (label, required marker, hint, error
// text) and the ids that wire them for assistive technology. ./Field.tsx builds Input, Textarea,
// Select and Switch on it; custom controls (DateField, TimePicker, quick capture) use it as is.
// Kept apart from those so a page's first load that shows only a custom control (the
// dashboard's quick capture) does not carry them.
import { useId, type ReactNode } from 'react';

/** The look shared by every text-like control (also PasswordInput's). */
export const controlBase =
  'w-full rounded-control border bg-surface text-text placeholder:text-muted transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 disabled:cursor-not-allowed disabled:opacity-60';

export function borderFor(error?: ReactNode) {
  return error ? 'border-danger' : 'border-border hover:border-muted/60';
}

export interface FieldOwnProps {
  label?: ReactNode;
  /** Quiet help under the label. */
  hint?: ReactNode;
  /** Error text; marks the control invalid. */
  error?: ReactNode;
  /**
   * Shows a required marker and sets aria-required. Deliberately not the native `required`:
   * the browser's own validation bubbles would replace the app's error texts.
   */
  required?: boolean;
  className?: string;
}

/**
 * The frame of a labelled control: pass the control's id as `htmlFor` and put `describedBy`
 * on it. Input, Textarea, Select (./Field.tsx) and PasswordInput use it, and so do the custom controls:
 * DateField (its button is labelled by `labelId` and the day shown) and TimePicker, whose two
 * spin buttons are a `group` (a fieldset named by its legend, described by `describedBy`).
 */
export function Field({
  htmlFor,
  label,
  hint,
  error,
  required,
  className = '',
  children,
  hintId,
  errorId,
  labelId,
  group,
}: FieldOwnProps & {
  htmlFor?: string;
  hintId?: string;
  errorId?: string;
  labelId?: string;
  group?: { describedBy?: string; disabled?: boolean };
  children: ReactNode;
}) {
  const marker = required ? (
    <span className="text-danger" aria-hidden>
      {' '}
      *
    </span>
  ) : null;
  const content = (
    <>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
  if (group) {
    return (
      <fieldset className={`flex flex-col gap-1.5 ${className}`} disabled={group.disabled} aria-describedby={group.describedBy}>
        {label ? (
          <legend id={labelId} className="mb-1.5 text-sm font-medium text-text">
            {label}
            {marker}
          </legend>
        ) : null}
        {content}
      </fieldset>
    );
  }
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      {label ? (
        <label id={labelId} htmlFor={htmlFor} className="text-sm font-medium text-text">
          {label}
          {marker}
        </label>
      ) : null}
      {content}
    </div>
  );
}

/**
 * The ids that tie a control to its hint and error text: put `describedBy` on the control as
 * aria-describedby, and `hintId` / `errorId` on <Field>. The one place this wiring is written.
 */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: ReactNode, describedBy?: string) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const ids = [describedBy, hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return { controlId, hintId, errorId, describedBy: ids || undefined };
}
