'use client';
// Forgot password (spec sections 2, 8 and 9): an e-mail field; Send is disabled while it is
// empty; after a send the button waits out a 45 s countdown ("Resend in 45s") and the dialog
// says the same neutral words whether or not the address has an account. The countdown lives
// with the page, so closing and reopening the dialog cannot skip it.
//
// A refused send (too many reset mails for the address, an invalid address, the server down)
// is shown as what it is instead of the neutral message: saying a link was sent when none was
// would leave someone waiting for a mail. None of those answers tells whether an account exists.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { Input } from '@/components/Field';
import { FORGOT_RESEND_COOLDOWN_SECONDS } from '@/lib/constants';
import { useTRPC } from '@/trpc/react';
import { Banner } from './AuthLayout';
import { clientErrorMessage } from './errors';

export const FORGOT_NEUTRAL_MESSAGE = "If an account exists with this email, we've sent a reset link.";

export function ForgotPasswordDialog({
  open,
  onClose,
  initialEmail,
  cooldown,
}: {
  open: boolean;
  onClose: () => void;
  initialEmail: string;
  cooldown: { remaining: number; start: (seconds: number) => void };
}) {
  const trpc = useTRPC();
  const [email, setEmail] = useState(initialEmail);
  const [outcome, setOutcome] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [lastOpen, setLastOpen] = useState(open);
  // Each opening starts from the sign-in form's e-mail (adjusting state during render, as React advises).
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) {
      if (initialEmail && cooldown.remaining === 0) setEmail(initialEmail);
      if (cooldown.remaining === 0) setOutcome(null);
    }
  }

  const send = useMutation(
    trpc.auth.forgotPassword.mutationOptions({
      onSuccess: () => {
        setOutcome({ tone: 'info', text: FORGOT_NEUTRAL_MESSAGE });
        cooldown.start(FORGOT_RESEND_COOLDOWN_SECONDS);
      },
      onError: (error) => setOutcome({ tone: 'error', text: clientErrorMessage(error, 'Something went wrong. Please try again later.') }),
    }),
  );

  const empty = email.trim() === '';
  const waiting = cooldown.remaining > 0;
  const sentOnce = outcome?.tone === 'info';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (empty || waiting || send.isPending) return;
    setOutcome(null);
    send.mutate({ email: email.trim() });
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Forgot password?"
      description="Enter the email address you signed up with and we'll send you a link to choose a new password."
      size="sm"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Input
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        {outcome ? <Banner tone={outcome.tone}>{outcome.text}</Banner> : null}
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {sentOnce ? 'Done' : 'Cancel'}
          </Button>
          <Button type="submit" disabled={empty || waiting} pending={send.isPending}>
            {waiting ? `Resend in ${cooldown.remaining}s` : sentOnce ? 'Resend link' : 'Send reset link'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
