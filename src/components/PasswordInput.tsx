'use client';
// A password input with a show/hide toggle (an icon button whose accessible name says what it
// will do: "Show password" or "Hide password"), wired to its label, hint and error like every
// control of ./Field.tsx. It forwards its ref, so react-hook-form's register() spreads on it.
import { useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import { borderFor, controlBase, Field, useFieldIds } from './Field';

export type PasswordInputProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'size'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Shown under the control (the strength meter). */
  below?: ReactNode;
  className?: string;
};

export function PasswordInput({ label, hint, error, below, required, className, id, 'aria-describedby': ariaDescribedBy, ...rest }: PasswordInputProps) {
  const ids = useFieldIds(id, hint, error, ariaDescribedBy);
  const [visible, setVisible] = useState(false);
  return (
    <Field htmlFor={ids.controlId} label={label} hint={hint} error={error} required={required} className={className} hintId={ids.hintId} errorId={ids.errorId}>
      <div className="relative">
        <input
          id={ids.controlId}
          type={visible ? 'text' : 'password'}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={`${controlBase} ${borderFor(error)} h-11 pl-3 pr-12 text-base sm:text-sm`}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-controls={ids.controlId}
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
