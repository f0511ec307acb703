'use client';
// Forgot password: an e-mail field; Send is disabled while it is
// empty; after a send the button waits out a 45 s countdown ("Resend in 45s") and the dialog
// says the same neutral words whether or not the address has an account. The countdown lives
// with the page, so closing and reopening the dialog cannot skip it.
//
// A refused send (too many reset mails for the address, an invalid address, the server down)
// is shown as what it is instead of the neutral message: saying a link was sent when none was
// would leave someone waiting for a mail. None of those answers tells whether an account exists.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ButtonCore';
import { Dialog } from '@/components/Dialog';
import { Input } from '@/components/Field';
import { useSchemaForm } from '@/components/Form';
import { FormActions } from '@/components/FormActions';
import { FORGOT_RESEND_COOLDOWN_SECONDS } from '@/lib/constants';
import type { TForgotPasswordForm } from '@/lib/schemas/auth-forms';
import { TRPCReactProvider, useTRPC } from '@/trpc/react';
import { Banner } from './AuthLayout';
import { clientErrorMessage } from './errors';

export type ForgotPasswordDialogProps = {
  open: boolean;
  onClose: () => void;
  initialEmail: string;
  cooldown: { remaining: number; start: (seconds: number) => void };
};

/** With its own API client provider: the sign-in page's first load has none (./SignInForm loads this dialog when it first opens). */
export function ForgotPasswordDialog(props: ForgotPasswordDialogProps) {
  return (
    <TRPCReactProvider>
      <ForgotPasswordDialogContent {...props} />
    </TRPCReactProvider>
  );
}

const FORGOT_NEUTRAL_MESSAGE = "If an account exists with this email, we've sent a reset link.";

function ForgotPasswordDialogContent({ open, onClose, initialEmail, cooldown }: ForgotPasswordDialogProps) {
  const trpc = useTRPC();
  const [sent, setSent] = useState(false);

  const send = useMutation(
    trpc.auth.forgotPassword.mutationOptions({
      onSuccess: () => {
        setSent(true);
        cooldown.start(FORGOT_RESEND_COOLDOWN_SECONDS);
      },
      onError: (error): void => setServerError(clientErrorMessage(error, 'Something went wrong. Please try again later.')),
    }),
  );

  const waiting = cooldown.remaining > 0;
  const { form, formProps, serverError, setServerError } = useSchemaForm<TForgotPasswordForm>({
    schema: () => import('@/lib/schemas/auth-forms').then((schemas) => schemas.ZForgotPasswordForm),
    defaultValues: { email: initialEmail },
    pending: send.isPending || waiting,
    onValid: (values) => {
      setSent(false);
      send.mutate(values);
    },
  });

  // Each opening starts from the sign-in form's e-mail (adjusting state during render, as React
  // advises), unless a countdown still runs: then the last send's address and answer stay.
  const [lastOpen, setLastOpen] = useState(open);
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open && !waiting) {
      if (initialEmail) form.setValue('email', initialEmail);
      setSent(false);
      setServerError(null);
    }
  }

  const empty = useWatch({ control: form.control, name: 'email' }).trim() === '';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Forgot password?"
      description="Enter the email address you signed up with and we'll send you a link to choose a new password."
      size="sm"
    >
      <form {...formProps} className="flex flex-col gap-4">
        <Input label="Email" type="email" autoComplete="email" inputMode="email" required {...form.register('email')} />
        {serverError ? <Banner tone="error">{serverError}</Banner> : sent ? <Banner tone="info">{FORGOT_NEUTRAL_MESSAGE}</Banner> : null}
        <FormActions className="mt-2">
          <Button variant="secondary" onClick={onClose}>
            {sent ? 'Done' : 'Cancel'}
          </Button>
          <Button type="submit" disabled={empty || waiting} pending={send.isPending}>
            {waiting ? `Resend in ${cooldown.remaining}s` : sent ? 'Resend link' : 'Send reset link'}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
