'use client';
// A password input with a show/hide toggle (an icon button whose accessible name says what it
// will do: "Show password" or "Hide password"), wired to its label, hint and error.
import { useId, useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import { Field } from '@/components/Field';

type PasswordFieldProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'size'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Shown under the control (the strength meter). */
  below?: ReactNode;
  className?: string;
};

export function PasswordField({ label, hint, error, below, required, className, id, ...rest }: PasswordFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const [visible, setVisible] = useState(false);
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Field htmlFor={controlId} label={label} hint={hint} error={error} required={required} className={className} hintId={hintId} errorId={errorId}>
      <div className="relative">
        <input
          id={controlId}
          type={visible ? 'text' : 'password'}
          required={required}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`h-11 w-full rounded-control border bg-surface pl-3 pr-12 text-base text-text transition-colors placeholder:text-muted focus-visible:outline-2 focus-visible:outline-offset-1 disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm ${
            error ? 'border-danger' : 'border-border hover:border-muted/60'
          }`}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-controls={controlId}
          title={visible ? 'Hide password' : 'Show password'}
          className="absolute right-1 top-1/2 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-control text-muted hover:bg-surfaceMuted hover:text-text"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      {below}
    </Field>
  );
}

function EyeIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden className="size-5">
      <path d="M1.75 10S4.75 4.25 10 4.25 18.25 10 18.25 10 15.25 15.75 10 15.75 1.75 10 1.75 10z" />
      <circle cx="10" cy="10" r="2.5" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden className="size-5">
      <path d="M3 3l14 14M8.2 4.5A8 8 0 0110 4.25C15.25 4.25 18.25 10 18.25 10a14 14 0 01-2.4 3.1M5.6 5.7C3.1 7.3 1.75 10 1.75 10S4.75 15.75 10 15.75a7.7 7.7 0 004.3-1.3M8.2 8.3a2.5 2.5 0 003.5 3.5" />
    </svg>
  );
}
