'use client';
// The verification link's page: loading, then success (Go to
// Dashboard, which greets with 'Email verified successfully!' or 'Email already verified'
// through ?verified=) or error (the server's message or 'Failed to verify email'; Go to Sign
// In). A link without the e-mail or the token says 'Invalid verification link' and calls nothing.
import { useQuery } from '@tanstack/react-query';
import { LinkButton } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { useTRPC } from '@/trpc/react';
import { AuthCard, ResultMark } from './AuthLayout';
import { serverMessage } from './errors';

export function VerifyEmail({ email, token }: { email: string | null; token: string | null }) {
  if (!email || !token) {
    return (
      <Result tone="error" title="Invalid verification link" action={<LinkButton href="/signin">Go to Sign In</LinkButton>}>
        This link is missing the email address or the code. Open the link from your verification email again, or send a new one
        from your dashboard.
      </Result>
    );
  }
  return <Verifying email={email} token={token} />;
}

function Verifying({ email, token }: { email: string; token: string }) {
  const trpc = useTRPC();
  // A link is used once: no retries, no refetching on focus or reconnect.
  const verification = useQuery({
    ...trpc.auth.verifyEmail.queryOptions({ email, token }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

  if (verification.isPending) {
    return (
      <AuthCard className="text-center">
        <div className="flex flex-col items-center gap-4 py-6 text-accent">
          <Spinner className="size-8" />
          <h1 className="text-lg font-semibold text-text">Verifying your email…</h1>
        </div>
      </AuthCard>
    );
  }

  if (verification.isError) {
    return (
      <Result tone="error" title="We couldn't verify your email" action={<LinkButton href="/signin">Go to Sign In</LinkButton>}>
        {serverMessage(verification.error) ?? 'Failed to verify email'}
      </Result>
    );
  }

  const already = verification.data.status === 'already';
  return (
    <Result
      tone="success"
      title={already ? 'Email already verified' : 'Email verified'}
      action={<LinkButton href={`/dashboard?verified=${already ? 'already' : 'success'}`}>Go to Dashboard</LinkButton>}
    >
      {already ? (
        <>
          <span className="break-all font-medium text-text">{email}</span> was verified before. You&apos;re good to go.
        </>
      ) : (
        <>
          Thanks for confirming <span className="break-all font-medium text-text">{email}</span>. Your dashboard is ready.
        </>
      )}
    </Result>
  );
}

function Result({ tone, title, action, children }: { tone: 'success' | 'error'; title: string; action: React.ReactNode; children: React.ReactNode }) {
  return (
    <AuthCard className="text-center">
      <ResultMark tone={tone} />
      <h1 className="mt-5 text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-3 leading-relaxed text-muted">{children}</p>
      <div className="mt-8 flex justify-center">{action}</div>
    </AuthCard>
  );
}
