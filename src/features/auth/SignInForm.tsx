'use client';
// Sign-in (spec sections 2, 4 and 8): e-mail and password (which can be shown), a full-screen
// "Signing in…" while the call runs, and on failure the banner 'Invalid email or password' with
// the password cleared (too many attempts show the server's own words, which say when to try
// again). After signing in, the user, tasks and sessions are preloaded, then the person goes to
// the page they came for (`?next=`, same-site paths only), else to finish a Plus upgrade they
// chose on the landing page, else to the dashboard.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/Button';
import { Input } from '@/components/Field';
import { LoadingOverlay } from '@/components/Spinner';
import { useTRPC } from '@/trpc/react';
import { preloadAppData, rememberSignedInUser, takeUpgradeDestination } from './after-sign-in';
import { AuthCard, Banner } from './AuthLayout';
import { errorStatus, serverMessage } from './errors';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { safeNextPath } from './next-path';
import { PasswordField } from './PasswordField';
import { useCountdown } from './useCountdown';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

type FieldErrors = { email?: string; password?: string };

export function SignInForm({ next, initialEmail = '', openForgot = false }: { next: string | null; initialEmail?: string; openForgot?: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(openForgot);
  const cooldown = useCountdown();

  const signin = useMutation(
    trpc.auth.signin.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: async ({ user }) => {
        setLeaving(true);
        rememberSignedInUser(queryClient, trpc, user);
        await preloadAppData(queryClient, trpc, user);
        router.replace(safeNextPath(next) ?? takeUpgradeDestination() ?? '/dashboard');
      },
      onError: (error) => {
        const status = errorStatus(error);
        // A rate limit or an outage is not a wrong password: say what it is.
        const message =
          status === 429
            ? (serverMessage(error) ?? 'Too many attempts. Please try again later.')
            : status === undefined || status >= 500
              ? 'Something went wrong. Please check your connection and try again.'
              : INVALID_CREDENTIALS_MESSAGE;
        setBanner(message);
        setPassword('');
        document.getElementById('signin-password')?.focus();
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!email.trim()) errors.email = 'Please enter your email address';
    if (!password) errors.password = 'Please enter your password';
    setFieldErrors(errors);
    if (errors.email || errors.password) {
      document.getElementById(errors.email ? 'signin-email' : 'signin-password')?.focus();
      return;
    }
    setBanner(null);
    signin.mutate({ email: email.trim(), password });
  }

  return (
    <>
      <AuthCard>
        <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
        <p className="mt-2 text-sm text-muted">Welcome back. Pick up where you left off.</p>
        {banner ? (
          <Banner tone="error" className="mt-6">
            {banner}
          </Banner>
        ) : null}
        <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-5">
          <Input
            id="signin-email"
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={fieldErrors.email}
            required
          />
          <div className="flex flex-col gap-2">
            <PasswordField
              id="signin-password"
              label="Password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={fieldErrors.password}
              required
            />
            <button
              type="button"
              onClick={() => setForgotOpen(true)}
              className="self-end rounded-control text-sm font-medium text-accent underline-offset-2 hover:underline"
            >
              Forgot password?
            </button>
          </div>
          <Button type="submit" size="lg" className="w-full" pending={signin.isPending || leaving}>
            Sign in
          </Button>
        </form>
      </AuthCard>
      <p className="mt-6 text-center text-sm text-muted">
        Don&apos;t have an account?{' '}
        <Link href="/signup" className="font-medium text-accent underline-offset-2 hover:underline">
          Sign up
        </Link>
      </p>
      {signin.isPending || leaving ? <LoadingOverlay label="Signing in…" /> : null}
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} initialEmail={email.trim()} cooldown={cooldown} />
    </>
  );
}
