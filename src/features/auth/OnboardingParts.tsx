'use client';
// The onboarding's building blocks (./Onboarding): the step indicator, Back and Continue, each
// step's heading (focused when the step shows) and the explanation steps' list items.
import type { ReactNode, RefObject } from 'react';
import { Button } from '@/components/ButtonCore';
import { FormActions } from '@/components/FormActions';
import { ONBOARDING_STEPS } from './onboarding-steps';

export function StepIndicator({ step }: { step: number }) {
  const current = ONBOARDING_STEPS[step];
  return (
    <div>
      <p className="text-sm font-medium text-muted" aria-live="polite">
        Step {step + 1} of {ONBOARDING_STEPS.length}
        <span className="sr-only">: {current?.label}</span>
      </p>
      <ol className="mt-2 flex gap-1.5" aria-hidden>
        {ONBOARDING_STEPS.map((item, index) => (
          <li
            key={item.id}
            data-current={index === step || undefined}
            className={`h-1.5 flex-1 rounded-pill transition-colors ${index <= step ? 'bg-accent' : 'bg-border'}`}
          />
        ))}
      </ol>
    </div>
  );
}

export function StepButtons({ onBack, onNext }: { onBack?: () => void; onNext?: () => void }) {
  if (!onBack && !onNext) return null;
  return (
    <FormActions align="between" className="mt-8">
      {onBack ? (
        <Button variant="ghost" onClick={onBack}>
          Back
        </Button>
      ) : (
        <span />
      )}
      {onNext ? <Button onClick={onNext}>Continue</Button> : null}
    </FormActions>
  );
}

export type HeadingRef = { headingRef: RefObject<HTMLHeadingElement | null> };

export function StepHeading({ headingRef, children }: HeadingRef & { children: ReactNode }) {
  return (
    <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
      {children}
    </h1>
  );
}

export function Point({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden className="mt-0.5 size-4 shrink-0 text-accent">
        <path d="M4.5 10.5l3.5 3.5 7.5-8" />
      </svg>
      <span>{children}</span>
    </li>
  );
}

export function Numbered({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span aria-hidden className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accentSoft text-sm font-semibold text-text">
        {n}
      </span>
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-0.5 text-muted">{children}</p>
      </div>
    </li>
  );
}
