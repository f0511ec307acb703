'use client';
// Form controls with their label, hint and error text wired for assistive technology. Each one
// forwards its ref (React 19: `ref` is a prop), so react-hook-form's `register()` spreads on
// directly: <Input label="Email" error={errors.email?.message} {...register('email')} />.
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { borderFor, controlBase, Field, useFieldIds, type FieldOwnProps } from './FieldFrame';

export { borderFor, controlBase, Field, useFieldIds };

export type InputProps = Omit<ComponentPropsWithRef<'input'>, 'size'> & FieldOwnProps & { inputClassName?: string };

export function Input({ label, hint, error, required, className, inputClassName = '', id, 'aria-describedby': ariaDescribedBy, ...rest }: InputProps) {
  const ids = useFieldIds(id, hint, error, ariaDescribedBy);
  return (
    <Field htmlFor={ids.controlId} label={label} hint={hint} error={error} required={required} className={className} hintId={ids.hintId} errorId={ids.errorId}>
      <input
        id={ids.controlId}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={`${controlBase} ${borderFor(error)} h-11 px-3 text-base sm:text-sm ${inputClassName}`}
        {...rest}
      />
    </Field>
  );
}

export type TextareaProps = ComponentPropsWithRef<'textarea'> & FieldOwnProps & { textareaClassName?: string };

export function Textarea({ label, hint, error, required, className, textareaClassName = '', id, rows = 4, 'aria-describedby': ariaDescribedBy, ...rest }: TextareaProps) {
  const ids = useFieldIds(id, hint, error, ariaDescribedBy);
  return (
    <Field htmlFor={ids.controlId} label={label} hint={hint} error={error} required={required} className={className} hintId={ids.hintId} errorId={ids.errorId}>
      <textarea
        id={ids.controlId}
        rows={rows}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={`${controlBase} ${borderFor(error)} min-h-24 px-3 py-2.5 text-base leading-relaxed sm:text-sm ${textareaClassName}`}
        {...rest}
      />
    </Field>
  );
}

interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type SelectProps = ComponentPropsWithRef<'select'> &
  FieldOwnProps & { options?: readonly SelectOption[]; selectClassName?: string };

export function Select({ label, hint, error, required, className, selectClassName = '', id, options, children, 'aria-describedby': ariaDescribedBy, ...rest }: SelectProps) {
  const ids = useFieldIds(id, hint, error, ariaDescribedBy);
  return (
    <Field htmlFor={ids.controlId} label={label} hint={hint} error={error} required={required} className={className} hintId={ids.hintId} errorId={ids.errorId}>
      <div className="relative">
        <select
          id={ids.controlId}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={`${controlBase} ${borderFor(error)} h-11 appearance-none pl-3 pr-9 text-base sm:text-sm ${selectClassName}`}
          {...rest}
        >
          {options?.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
        <svg viewBox="0 0 20 20" aria-hidden className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted" fill="none" stroke="currentColor" strokeWidth="1.75">
          <path d="M6 8l4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
    </Field>
  );
}

export type SwitchProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'size'> & {
  label: ReactNode;
  /** Quiet explanation under the label. */
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
};

/**
 * An on/off switch: a real checkbox with role="switch", so it works with register() and with
 * `checked` + `onChange`, and Space toggles it.
 */
export function Switch({ label, hint, error, className = '', id, disabled, 'aria-describedby': ariaDescribedBy, ...rest }: SwitchProps) {
  const ids = useFieldIds(id, hint, error, ariaDescribedBy);
  return (
    <div className={`flex items-start justify-between gap-4 ${className}`}>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={ids.controlId} className={`text-sm font-medium ${disabled ? 'opacity-60' : ''}`}>
          {label}
        </label>
        {hint ? (
          <p id={ids.hintId} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={ids.errorId} className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <span className="relative inline-flex shrink-0">
        <input
          id={ids.controlId}
          type="checkbox"
          role="switch"
          disabled={disabled}
          aria-describedby={ids.describedBy}
          className="peer h-7 w-12 cursor-pointer appearance-none rounded-pill border border-border bg-surfaceMuted transition-colors checked:border-accent checked:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
          {...rest}
        />
        <span
          aria-hidden
          className="pointer-events-none absolute left-1 top-1 size-5 rounded-full bg-surface shadow-sm ring-1 ring-border transition-transform peer-checked:translate-x-5 peer-checked:ring-0"
        />
      </span>
    </div>
  );
}

type CheckProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'className'> & {
  type?: 'checkbox' | 'radio';
  label: ReactNode;
  /** Shown between the box and the words, e.g. a task's colour dot. */
  marker?: ReactNode;
  className?: string;
};

/**
 * A checkbox (or one radio of a set) with its words beside it, the words clickable: for a list of
 * choices inside a <fieldset> with a <legend>. Takes register() or `checked` + `onChange`.
 */
export function Check({ type = 'checkbox', label, marker, className = '', ...rest }: CheckProps) {
  return (
    <label className={`flex cursor-pointer items-center gap-3 text-sm ${className}`}>
      <input type={type} className="size-4 shrink-0 accent-[var(--color-accent)]" {...rest} />
      {marker}
      {label}
    </label>
  );
}
