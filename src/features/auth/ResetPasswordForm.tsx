'use client';
// The page behind the password-reset e-mail (/forgot-password/reset?email=…&token=…): a new
// password and its confirmation, checked as the product's reset form is ('Passwords don't match' /
// 'Please make sure your new passwords match'; 'Password too short' / 'Password must be at
// least 8 characters'), then auth.resetPassword and a success state with a Sign In button.
// An expired or used link says so and offers a new one.
import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { useWatch } from 'react-hook-form';
import { Button, LinkButton } from '@/components/Button';
import { useSchemaForm } from '@/components/Form';
import { PasswordInput } from '@/components/PasswordInput';
import { toast } from '@/components/Toast';
import { MIN_PASSWORD_LENGTH } from '@/lib/constants';
import type { TNewPasswordForm } from '@/lib/schemas/auth-forms';
import { useTRPC } from '@/trpc/react';
import { AuthCard, Banner, ResultMark } from './AuthLayout';
import { clientErrorMessage } from './errors';
import { newPasswordProblemToast } from './new-password-toast';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

export function ResetPasswordForm({ email, token }: { email: string | null; token: string | null }) {
  const trpc = useTRPC();

  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      onError: (error): void => setServerError(clientErrorMessage(error, 'Something went wrong. Please try again.')),
    }),
  );

  const { form, formProps, serverError, setServerError } = useSchemaForm<TNewPasswordForm>({
    schema: () => import('@/lib/schemas/auth-forms').then((schemas) => schemas.ZNewPasswordForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
    pending: reset.isPending,
    onValid: ({ newPassword }) => {
      if (email && token) reset.mutate({ email, token, newPassword });
    },
    onInvalid: (errors) => toast({ ...newPasswordProblemToast(errors), variant: 'destructive' }),
  });
  const { errors } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });

  if (!email || !token) {
    return (
      <AuthCard className="text-center">
        <ResultMark tone="error" />
        <h1 className="mt-5 text-2xl font-semibold tracking-tight">Invalid reset link</h1>
        <p className="mt-3 leading-relaxed text-muted">
          This link is missing the email address or the code. Open the link from your email again, or ask for a new one.
        </p>
        <div className="mt-8 flex justify-center">
          <LinkButton href="/signin?forgot=1">Request a new link</LinkButton>
        </div>
      </AuthCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthCard className="text-center">
        <ResultMark tone="success" />
        <h1 className="mt-5 text-2xl font-semibold tracking-tight">Password updated</h1>
        <p className="mt-3 leading-relaxed text-muted">Your new password is set, and you have been signed out everywhere. Sign in with your new password.</p>
        <div className="mt-8 flex justify-center">
          <LinkButton href={`/signin?email=${encodeURIComponent(email)}`}>Sign In</LinkButton>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard>
      <h1 className="text-2xl font-semibold tracking-tight">Choose a new password</h1>
      <p className="mt-2 text-sm leading-relaxed text-muted">
        For <span className="break-all font-medium text-text">{email}</span>. At least {MIN_PASSWORD_LENGTH} characters.
      </p>
      {serverError ? (
        <Banner tone="error" className="mt-6">
          {serverError}{' '}
          <Link prefetch={false} href="/signin?forgot=1" className="font-medium text-text underline underline-offset-2">
            Request a new link
          </Link>
        </Banner>
      ) : null}
      <form {...formProps} className="mt-6 flex flex-col gap-5">
        {/* Lets password managers store the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          required
          below={newPassword ? <PasswordStrengthMeter password={newPassword} /> : null}
          {...form.register('newPassword')}
        />
        <PasswordInput label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword?.message} required {...form.register('confirmPassword')} />
        <Button type="submit" size="lg" className="mt-2 w-full" pending={reset.isPending}>
          Reset password
        </Button>
      </form>
    </AuthCard>
  );
}
