'use client';
// The consent screen of the MCP connector's OAuth: an app (an AI assistant) asks to use the
// account. It names the app as it registered itself, marked as not verified by Onething, says in
// plain words what each requested scope lets it do (each one can be unticked), where the answer
// goes (the redirect's host; "this device" for a loopback one) and which account it would reach.
// Allow and Deny go to POST /api/oauth/authorize (a browser-session call, CSRF-checked), whose
// answer is the app's registered redirect URI; the browser then goes there.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/Badge';
import { Button } from '@/components/ButtonCore';
import { ChoiceCard } from '@/components/ChoiceCard';
import { OAUTH_SCOPE_WORDS } from '@/lib/oauth';
import type { TokenScope } from '@/lib/schemas/user';
import { useTRPC } from '@/trpc/react';
import { AuthCard, Banner } from '@/features/auth/AuthLayout';
import { serverMessage } from '@/features/auth/errors';

type ConsentRequest = {
  clientName: string;
  redirectHost: string;
  loopback: boolean;
  scopes: TokenScope[];
};

type Props = {
  /** The authorization request's query, sent back with the answer (the server checks it again). */
  params: Record<string, string | string[]>;
  app: ConsentRequest;
  account: { name: string; email: string; emailVerified: boolean };
};

export function ConsentForm({ params, app, account }: Props) {
  const trpc = useTRPC();
  const [kept, setKept] = useState<TokenScope[]>(app.scopes);
  const [leaving, setLeaving] = useState<'allow' | 'deny' | null>(null);
  const decide = useMutation(
    trpc.oauth.authorize.mutationOptions({
      onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
      onError: () => setLeaving(null),
    }),
  );
  const answer = (allow: boolean) => {
    setLeaving(allow ? 'allow' : 'deny');
    decide.mutate({ request: params, allow, scopes: allow ? kept : undefined });
  };
  const busy = leaving !== null;
  const toggle = (scope: TokenScope, on: boolean) =>
    setKept((current) => app.scopes.filter((each) => (each === scope ? on : current.includes(each))));

  return (
    <AuthCard>
      <div className="flex flex-col gap-6">
        <header className="flex flex-col items-center gap-3 text-center">
          <AppMark name={app.clientName} />
          <h1 className="text-xl font-semibold leading-snug text-balance">
            Connect <span className="break-words">{app.clientName}</span> to your Onething account?
          </h1>
          <Badge variant="warning" icon={<WarningIcon />}>
            Not verified by Onething
          </Badge>
          <p className="text-sm text-muted">
            “{app.clientName}” is the name the app gave itself. Only continue if you just asked your assistant to connect to Onething.
          </p>
        </header>

        <p className="rounded-control bg-surfaceMuted px-4 py-3 text-sm">
          Signed in as <span className="font-medium break-all">{account.email}</span>
        </p>

        <fieldset className="flex flex-col gap-2" disabled={busy}>
          <legend className="mb-2 text-sm font-medium">If you allow it, the app can:</legend>
          {app.scopes.map((scope) => (
            <ChoiceCard
              key={scope}
              type="checkbox"
              name="scope"
              value={scope}
              checked={kept.includes(scope)}
              onChange={(event) => toggle(scope, event.currentTarget.checked)}
              title={OAUTH_SCOPE_WORDS[scope].title}
              hint={OAUTH_SCOPE_WORDS[scope].detail}
            />
          ))}
          <p className="mt-1 text-xs text-muted">
            It works only through Onething’s assistant tools: it can never see your password, change your e-mail or password, or delete your account.
          </p>
        </fieldset>

        <p className="text-sm">
          After you choose, you go back to <span className="font-medium break-words">{app.redirectHost}</span>
          {app.loopback ? ', an app running on this device.' : '.'}
        </p>

        {!account.emailVerified ? (
          <Banner tone="info">Verify your e-mail address first: open the link we sent you, then connect the app again. You can still Deny.</Banner>
        ) : null}
        {decide.isError ? <Banner tone="error">{serverMessage(decide.error) ?? 'Something went wrong. Please try again.'}</Banner> : null}
        {leaving && decide.isSuccess ? (
          <p role="status" className="text-center text-sm text-muted">
            Returning to {app.redirectHost}…
          </p>
        ) : null}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" size="lg" className="sm:min-w-32" onClick={() => answer(false)} pending={leaving === 'deny'} disabled={busy}>
            Deny
          </Button>
          <Button
            size="lg"
            className="sm:min-w-32"
            onClick={() => answer(true)}
            pending={leaving === 'allow'}
            disabled={busy || kept.length === 0 || !account.emailVerified}
          >
            Allow
          </Button>
        </div>
        <p className="text-center text-xs text-muted">You can disconnect it at any time in Account › Connected apps.</p>
      </div>
    </AuthCard>
  );
}

/** A plain mark with the app's initial: never its own logo, which nobody has checked. */
function AppMark({ name }: { name: string }) {
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span aria-hidden className="flex size-14 items-center justify-center rounded-card border border-border bg-surfaceMuted text-2xl font-semibold text-text">
      {initial}
    </span>
  );
}

function WarningIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden className="size-3.5">
      <path d="M10 3.5l7 12.5H3L10 3.5z" />
      <path d="M10 8.5v3.25M10 14h.01" />
    </svg>
  );
}
