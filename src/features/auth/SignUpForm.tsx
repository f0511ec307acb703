'use client';
// The sign-up form: name, e-mail and password (with the strength meter, reading A). It checks
// that all three are filled in ('Missing information' / 'Please fill in all fields'), creates the
// account (signed in at once) and says so. A failure says 'Error creating account' with 'Please
// try again', or, when the server refused the input (an e-mail that already has an account, a
// password under 8 characters, too many sign-ups), the server's own words, since only they say
// what to change. Used by the onboarding's account step (./Onboarding) and the focus session
// screen's Sign Up dialog (src/features/session/SignedOutDialogs.tsx).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ButtonCore';
import { Input } from '@/components/Field';
import { useSchemaForm } from '@/components/Form';
import { FormActions } from '@/components/FormActions';
import { PasswordInput } from '@/components/PasswordInput';
import { toast } from '@/components/Toast';
import type { TSignUpForm } from '@/lib/schemas/auth-forms';
import type { TUser } from '@/lib/schemas/user';
import { detectTimeZone } from '@/lib/time-zone';
import { TRPCReactProvider, useTRPC } from '@/trpc/react';
import { rememberSignedInUser } from './after-sign-in';
import { Banner } from './AuthLayout';
import { clientErrorMessage, errorStatus } from './errors';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

export type Created = { user: TUser; verificationEmailSent: boolean };

export type SignUpFormProps = {
  onCreated: (result: Created) => void;
  /** The button beside Create account (Back, Cancel); `busy` while creating or once created. */
  secondary?: (busy: boolean) => ReactNode;
  className?: string;
};

/** With its own API client provider: the onboarding loads this form when its account step shows (/signup's first load has none). */
export function SignUpForm(props: SignUpFormProps) {
  return (
    <TRPCReactProvider>
      <SignUpFormContent {...props} />
    </TRPCReactProvider>
  );
}

function SignUpFormContent({ onCreated, secondary, className }: SignUpFormProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);

  const signup = useMutation(
    trpc.auth.signup.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: (result) => {
        rememberSignedInUser(queryClient, trpc, result.user);
        setDone(true);
        onCreated(result);
      },
      onError: (error) => {
        const status = errorStatus(error);
        const description = clientErrorMessage(error, 'Please try again');
        // Point at the field the server's words are about.
        const field = (error.data as { issues?: { path?: string[] }[] } | undefined)?.issues?.[0]?.path?.[0];
        if (status === 400 && (field === 'name' || field === 'email' || field === 'password')) form.setError(field, { message: description });
        if (status === 409) form.setError('email', { message: description });
        toast({ title: 'Error creating account', description, variant: 'destructive' });
      },
    }),
  );

  const { form, formProps } = useSchemaForm<TSignUpForm>({
    schema: () => import('@/lib/schemas/auth-forms').then((schemas) => schemas.ZSignUpForm),
    defaultValues: { name: '', email: '', password: '' },
    pending: signup.isPending || done,
    onValid: (values) => signup.mutate({ ...values, timeZone: detectTimeZone() }),
    onInvalid: () => toast({ title: 'Missing information', description: 'Please fill in all fields', variant: 'destructive' }),
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  return (
    <form {...formProps} className={`flex flex-col gap-5 ${className ?? ''}`}>
      <Input label="Name" autoComplete="name" error={errors.name?.message} disabled={done} required {...form.register('name')} />
      <Input
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        disabled={done}
        required
        {...form.register('email')}
      />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        disabled={done}
        required
        below={password ? <PasswordStrengthMeter password={password} /> : null}
        {...form.register('password')}
      />
      {done ? <Banner tone="success">Account created. Just a moment…</Banner> : null}
      <FormActions align="between" className="mt-2">
        {secondary?.(signup.isPending || done) ?? <span />}
        <Button type="submit" pending={signup.isPending} disabled={done}>
          Create account
        </Button>
      </FormActions>
    </form>
  );
}
