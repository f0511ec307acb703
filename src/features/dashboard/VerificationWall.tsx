'use client';
// The full-screen e-mail verification wall: shown while the user's
// e-mail is not verified. Resending is disabled for 60 seconds after a successful send, with a
// countdown; the countdown is derived from the send time, not from counting ticks.
//
// The shared Dialog, covering the whole screen and not dismissable: it is the page's whole
// content until the address is verified, and the app behind it (header links included) is inert
// and out of the keyboard's reach. Its dialog code loads as for any dialog (src/components/lazy.tsx),
// so it is not in /dashboard's first load, which verified people pay for.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ButtonCore';
import { AppLogo } from '@/components/AppLogo';
import { Dialog } from '@/components/Dialog';
import { toast } from '@/components/Toast';
import { VERIFY_RESEND_COOLDOWN_SECONDS } from '@/lib/constants';
import { useSignOut } from '@/features/auth/useSignOut';
import { useTRPC } from '@/trpc/react';

const nowMs = () => Date.now();

export function VerificationWall({ email }: { email: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { signOut, pending: signingOut } = useSignOut();
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [now, setNow] = useState(nowMs);

  const remaining = sentAt === null ? 0 : Math.max(0, Math.ceil((sentAt + VERIFY_RESEND_COOLDOWN_SECONDS * 1000 - now) / 1000));

  useEffect(() => {
    if (sentAt === null) return;
    const id = setInterval(() => setNow(nowMs()), 1000);
    return () => clearInterval(id);
  }, [sentAt]);

  const resend = useMutation(
    trpc.auth.resendVerification.mutationOptions({
      onSuccess: () => {
        const at = nowMs();
        setSentAt(at);
        setNow(at);
        toast({ title: 'Verification email sent', description: `Check ${email} for the link.` });
      },
      onError: () => toast({ title: 'Failed to send email', description: 'Please try again later', variant: 'destructive' }),
    }),
  );

  // Until the dialog's code is here (a request made at hydration; never, offline) the same
  // content stands on a plain cover, as the server rendered it, so the first paint already
  // shows the wall and the app behind it is hidden.
  const [dialogReady, setDialogReady] = useState(false);
  useEffect(() => {
    let live = true;
    void Dialog.preload().then(() => {
      if (live && Dialog.isLoaded()) setDialogReady(true);
    });
    return () => {
      live = false;
    };
  }, []);

  const content = (
    <div className="flex flex-col items-center gap-6 text-center">
      <AppLogo />
      <div className="flex size-16 items-center justify-center rounded-full bg-accentSoft text-accent">
        <svg viewBox="0 0 24 24" aria-hidden className="size-8" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="M3.5 6.5l8.5 6 8.5-6" />
        </svg>
      </div>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">
          Verify your email
        </h1>
        <p className="mt-3 leading-relaxed text-muted">
          We sent a verification link to <span className="font-medium break-all text-text">{email}</span>. Open it to start using your dashboard.
        </p>
      </div>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button onClick={() => resend.mutate({})} pending={resend.isPending} disabled={remaining > 0}>
          {remaining > 0 ? <span className="tabular">Resend in {remaining}s</span> : 'Resend verification email'}
        </Button>
        <Button variant="secondary" onClick={() => void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() })}>
          I’ve verified
        </Button>
      </div>
      <p className="text-sm text-muted">Can’t find it? Check your spam folder.</p>
      <p className="text-sm text-muted">
        Wrong address?{' '}
        <button type="button" onClick={signOut} disabled={signingOut} className="font-medium text-text underline underline-offset-2 hover:text-accent">
          Sign out
        </button>
      </p>
    </div>
  );

  return (
    <>
      <div className="fixed inset-0 z-[45] flex overflow-y-auto bg-bg p-6">{dialogReady ? null : <div className="m-auto w-full max-w-md">{content}</div>}</div>
      {dialogReady ? (
        <Dialog open placement="page" label="Verify your email">
          {content}
        </Dialog>
      ) : null}
    </>
  );
}
