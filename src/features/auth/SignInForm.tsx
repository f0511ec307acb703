'use client';
// Sign-in: e-mail and password (which can be shown), a full-screen
// "Signing in…" while the call runs, and on failure the banner 'Invalid email or password' with
// the password cleared (too many attempts show the server's own words, which say when to try
// again). After signing in, the user, tasks and sessions are preloaded, then the person goes to
// the page they came for (`?next=`, same-site paths only), else to finish a Plus upgrade they
// chose on the landing page, else to the dashboard.
//
// The API client, the query cache and the dashboard's queries (./after-sign-in) are fetched when
// the form is first focused (or submitted), and the Forgot password dialog's code when it first
// opens (or after the first interaction): neither is in the page's first load (Lighthouse, see
// docs/architecture.md "The front pages' own code").
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ButtonCore';
import { Dialog } from '@/components/Dialog';
import { Input } from '@/components/Field';
import { useSchemaForm } from '@/components/Form';
import { lazyUntilOpen } from '@/components/lazy';
import { PasswordInput } from '@/components/PasswordInput';
import { LoadingOverlay } from '@/components/Spinner';
import type { TSignInForm } from '@/lib/schemas/auth-forms';
import { AuthCard, Banner } from './AuthLayout';
import { errorStatus, serverMessage } from './errors';
import type { ForgotPasswordDialogProps } from './ForgotPasswordDialog';
import { safeNextPath, takeUpgradeDestination } from './next-path';
import { useCountdown } from './useCountdown';

// With the modal dialog's own code, so that a first opening waits for one round of requests, not two.
const ForgotPasswordDialog = lazyUntilOpen<ForgotPasswordDialogProps>(() =>
  Promise.all([import('./ForgotPasswordDialog'), Dialog.preload()]).then(([module]) => module.ForgotPasswordDialog),
);
const loadSignIn = () => import('./after-sign-in').then((module) => module.signIn);

const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

/** The /signin page: the card, its heading, the form, and the way to sign up. */
export function SignInForm({ next, initialEmail = '', openForgot = false }: { next: string | null; initialEmail?: string; openForgot?: boolean }) {
  const router = useRouter();
  return (
    <>
      <AuthCard>
        <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
        <p className="mt-2 text-sm text-muted">Welcome back. Pick up where you left off.</p>
        <SignInFields
          initialEmail={initialEmail}
          openForgot={openForgot}
          onSignedIn={() => router.replace(safeNextPath(next) ?? takeUpgradeDestination() ?? '/dashboard')}
        />
      </AuthCard>
      <p className="mt-6 text-center text-sm text-muted">
        Don&apos;t have an account?{' '}
        <Link prefetch={false} href="/signup" className="font-medium text-accent underline-offset-2 hover:underline">
          Sign up
        </Link>
      </p>
    </>
  );
}

/**
 * The sign-in form itself (the /signin page's, and the focus session screen's Sign In dialog:
 * src/features/session/SignedOutSession.tsx): the failure banner, e-mail and password, Forgot
 * password, and "Signing in…" over the page until `onSignedIn` has taken the person on.
 */
export function SignInFields({
  initialEmail = '',
  openForgot = false,
  onSignedIn,
}: {
  initialEmail?: string;
  openForgot?: boolean;
  /** After the user, tasks and sessions are preloaded: where to go (the overlay stays until then). */
  onSignedIn: () => void;
}) {
  // From the submit until the person has been taken on (or the sign-in failed).
  const [busy, setBusy] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(openForgot);
  const cooldown = useCountdown();

  const { form, formProps, serverError, setServerError } = useSchemaForm<TSignInForm>({
    schema: () => import('@/lib/schemas/auth-forms').then((schemas) => schemas.ZSignInForm),
    defaultValues: { email: initialEmail, password: '' },
    pending: busy,
    onValid: async (values) => {
      setBusy(true);
      try {
        await (await loadSignIn())(values);
      } catch (error) {
        setBusy(false);
        const status = errorStatus(error);
        // A rate limit or an outage is not a wrong password: say what it is.
        setServerError(
          status === 429
            ? (serverMessage(error) ?? 'Too many attempts. Please try again later.')
            : status === undefined || status >= 500
              ? 'Something went wrong. Please check your connection and try again.'
              : INVALID_CREDENTIALS_MESSAGE,
        );
        form.setValue('password', '');
        form.setFocus('password');
        return;
      }
      onSignedIn();
    },
  });
  const { errors } = form.formState;

  return (
    <>
      {serverError ? (
        <Banner tone="error" className="mt-6">
          {serverError}
        </Banner>
      ) : null}
      <form
        {...formProps}
        onFocus={() => {
          formProps.onFocus();
          void loadSignIn().catch(() => undefined);
        }}
        className="mt-6 flex flex-col gap-5"
      >
        <Input
          id="signin-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          required
          {...form.register('email')}
        />
        <div className="flex flex-col gap-2">
          <PasswordInput
            id="signin-password"
            label="Password"
            autoComplete="current-password"
            error={errors.password?.message}
            required
            {...form.register('password')}
          />
          <button
            type="button"
            onClick={() => setForgotOpen(true)}
            className="self-end rounded-control text-sm font-medium text-accent underline-offset-2 hover:underline"
          >
            Forgot password?
          </button>
        </div>
        <Button type="submit" size="lg" className="w-full" pending={busy}>
          Sign in
        </Button>
      </form>
      {busy ? <LoadingOverlay label="Signing in…" /> : null}
      <ForgotPasswordDialog
        open={forgotOpen}
        onClose={() => setForgotOpen(false)}
        initialEmail={forgotOpen ? form.getValues('email').trim() : ''}
        cooldown={cooldown}
      />
    </>
  );
}
