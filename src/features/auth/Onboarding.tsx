'use client';
// Sign-up as a five-step onboarding: welcome, account, focus
// explanation, timer modes, ready. The account step is the sign-up form (./SignUpForm); once the
// account exists it moves on 800 ms later, and there is no way back to the account step (it
// would create a second one).
//
// The last step goes to /dashboard, or, when the visitor chose Plus on the landing page (the
// upgrade intent in local storage), to /account?upgrade=plus&country=UK|USA, where the account
// page starts the checkout; the intent is cleared as it is used.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ButtonCore';
import { FormActions } from '@/components/FormActions';
import { CURRENCIES, DISPLAY_MODE_LABELS, DISPLAY_MODES, ONBOARDING_ADVANCE_MS, PLAN_LIMITS, PLUS_PRICE, SESSION_DEFAULTS, type DisplayMode } from '@/lib/constants';
import { lazyWhenShown } from '@/components/lazy';
import { readUpgradeIntent, type TUpgradeIntent } from '@/lib/upgrade-intent';
import { AuthCard, Banner } from './AuthLayout';
import { takeUpgradeDestination } from './next-path';
import { ACCOUNT_STEP, LAST_STEP } from './onboarding-steps';
import { Numbered, Point, StepButtons, StepHeading, StepIndicator, type HeadingRef } from './OnboardingParts';
import type { Created, SignUpFormProps } from './SignUpForm';
import { browserStorage } from './session-sync';

// The account step's form (react-hook-form, the API client and the query cache) is not in the
// first load: the first screen is the welcome. It is fetched at the first interaction with the
// page, or when the account step shows.
const SignUpForm = lazyWhenShown<SignUpFormProps>(() => import('./SignUpForm').then((module) => module.SignUpForm));


export function Onboarding() {
  const [step, setStep] = useState(0);
  const [created, setCreated] = useState<Created | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Each new step is announced by moving focus to its heading (not on the first render).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const go = (index: number) => setStep(Math.max(0, Math.min(LAST_STEP, index)));
  const canGoBack = step > 0 && !(created && step - 1 <= ACCOUNT_STEP);

  return (
    <div>
      <StepIndicator step={step} />
      <AuthCard className="mt-4">
        {step === 0 ? <WelcomeStep headingRef={headingRef} onNext={() => go(1)} /> : null}
        {step === 1 ? (
          <AccountStep
            headingRef={headingRef}
            onBack={() => go(0)}
            onCreated={(result) => {
              setCreated(result);
              // Let the "account created" confirmation be seen before moving on.
              setTimeout(() => go(2), ONBOARDING_ADVANCE_MS);
            }}
          />
        ) : null}
        {step === 2 ? <FocusStep headingRef={headingRef} created={created} /> : null}
        {step === 3 ? <ModesStep headingRef={headingRef} /> : null}
        {step === 4 ? <ReadyStep headingRef={headingRef} created={created} onBack={canGoBack ? () => go(step - 1) : undefined} /> : null}
        {step > ACCOUNT_STEP && step < LAST_STEP ? (
          <StepButtons onBack={canGoBack ? () => go(step - 1) : undefined} onNext={step < LAST_STEP ? () => go(step + 1) : undefined} />
        ) : null}
      </AuthCard>
      {step <= ACCOUNT_STEP && !created ? (
        <p className="mt-6 text-center text-sm text-muted">
          Already have an account?{' '}
          <Link prefetch={false} href="/signin" className="font-medium text-accent underline-offset-2 hover:underline">
            Sign in
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function WelcomeStep({ headingRef, onNext }: HeadingRef & { onNext: () => void }) {
  return (
    <div>
      <StepHeading headingRef={headingRef}>Welcome to Onething</StepHeading>
      <p className="mt-3 leading-relaxed text-muted">
        A calm place to get one thing done at a time. Setting up takes about a minute: your account first, then a quick look at how
        focus sessions work.
      </p>
      <ul className="mt-6 space-y-3 text-sm">
        <Point>See only the task that matters now.</Point>
        <Point>Focus with a clock, a timer, a stopwatch or pomodoros.</Point>
        <Point>Let AI plan a session by your mood, or break a big task down.</Point>
      </ul>
      <Button size="lg" className="mt-8 w-full" onClick={onNext}>
        Get started
      </Button>
    </div>
  );
}

function AccountStep({ headingRef, onBack, onCreated }: HeadingRef & { onBack: () => void; onCreated: (result: Created) => void }) {
  return (
    <div>
      <StepHeading headingRef={headingRef}>Create your account</StepHeading>
      <p className="mt-3 text-sm leading-relaxed text-muted">Free to start, no card needed. We&apos;ll send you a link to verify your email.</p>
      <SignUpForm
        className="mt-6"
        onCreated={onCreated}
        secondary={(busy) => (
          <Button variant="ghost" onClick={onBack} disabled={busy}>
            Back
          </Button>
        )}
      />
    </div>
  );
}

function FocusStep({ headingRef, created }: HeadingRef & { created: Created | null }) {
  return (
    <div>
      <StepHeading headingRef={headingRef}>One thing at a time</StepHeading>
      {created ? (
        <Banner tone={created.verificationEmailSent ? 'info' : 'error'} className="mt-4">
          {created.verificationEmailSent ? (
            <>
              We&apos;ve sent a verification link to <strong className="break-all font-semibold">{created.user.email}</strong>. Open it to
              unlock your dashboard.
            </>
          ) : (
            <>We couldn&apos;t send the verification email just now. You can send it again from your dashboard.</>
          )}
        </Banner>
      ) : null}
      <p className="mt-5 leading-relaxed text-muted">
        Long lists are hard to start. Onething keeps yours out of the way and shows you the next task, large and calm, while you
        work on it.
      </p>
      <ol className="mt-6 space-y-4 text-sm">
        <Numbered n={1} title="Add your tasks">
          With a due date, how important and how hard each one is.
        </Numbered>
        <Numbered n={2} title="Start a focus session">
          Up to {SESSION_DEFAULTS.maxTasks} tasks come with you, soonest due first.
        </Numbered>
        <Numbered n={3} title="Finish the one in front of you">
          Mark it done and the next one takes its place.
        </Numbered>
      </ol>
    </div>
  );
}

const MODE_DESCRIPTIONS: Record<DisplayMode, string> = {
  clock: 'The time, large and quiet. For open-ended work.',
  'clock-date': 'The time with today’s date beside it.',
  pomodoro: `${SESSION_DEFAULTS.pomodoroWork} minutes of work, ${SESSION_DEFAULTS.pomodoroBreak} of rest, repeated.`,
  timer: 'Counts down from the minutes you choose.',
  stopwatch: 'Counts up from zero, to see how long things take.',
};

function ModesStep({ headingRef }: HeadingRef) {
  return (
    <div>
      <StepHeading headingRef={headingRef}>Pick a clock that suits you</StepHeading>
      <p className="mt-3 leading-relaxed text-muted">Every session shows one of five clocks. You choose when you start a session.</p>
      <ul className="mt-6 grid gap-3">
        {DISPLAY_MODES.map((mode) => (
          <li key={mode} className="rounded-control border border-border bg-surfaceMuted/60 px-4 py-3">
            <p className="text-sm font-semibold">{DISPLAY_MODE_LABELS[mode]}</p>
            <p className="mt-0.5 text-sm text-muted">{MODE_DESCRIPTIONS[mode]}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

const noSubscribe = () => () => {};

function useUpgradeIntent(): TUpgradeIntent | null {
  const raw = useSyncExternalStore(
    noSubscribe,
    () => {
      const storage = browserStorage('local');
      return storage ? JSON.stringify(readUpgradeIntent(storage)) : 'null';
    },
    () => 'null',
  );
  return JSON.parse(raw) as TUpgradeIntent | null;
}

function ReadyStep({ headingRef, created, onBack }: HeadingRef & { created: Created | null; onBack?: () => void }) {
  const router = useRouter();
  const intent = useUpgradeIntent();
  const [leaving, setLeaving] = useState(false);
  const free = PLAN_LIMITS.free;

  function finish() {
    setLeaving(true);
    router.push(takeUpgradeDestination() ?? '/dashboard');
  }

  return (
    <div>
      <StepHeading headingRef={headingRef}>You&apos;re all set</StepHeading>
      <p className="mt-3 leading-relaxed text-muted">
        {created && !created.user.emailVerified
          ? 'Verify your email from the link we sent, then add your first task and start a session.'
          : 'Add your first task and start a session.'}
      </p>
      {intent ? (
        <Banner tone="info" className="mt-5">
          Next, finish upgrading to Plus for {CURRENCIES[intent.country].symbol}
          {PLUS_PRICE.amount} a month: unlimited tasks and sessions and more AI help.
        </Banner>
      ) : (
        <p className="mt-5 text-sm text-muted">
          The Free plan includes {free.tasks} tasks, {free.sessions} sessions, {free.aiBreakdowns} AI breakdowns and {free.aiSessions} AI
          sessions each month.
        </p>
      )}
      <FormActions align="between" className="mt-8">
        {onBack ? (
          <Button variant="ghost" onClick={onBack}>
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button onClick={finish} pending={leaving}>
          {intent ? 'Continue to Plus' : 'Go to Dashboard'}
        </Button>
      </FormActions>
    </div>
  );
}
