'use client';
// /reset-password: change the password while signed in. The new
// password and its confirmation must match and be at least 8 characters; the server checks the
// current one. Success goes back to /account; this browser stays signed in, others are signed out.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { AppLinkButton } from '@/components/AppLink';
import { Button } from '@/components/ButtonCore';
import { Card } from '@/components/Card';
import { Input } from '@/components/Field';
import { useSchemaForm } from '@/components/Form';
import { FormActions } from '@/components/FormActions';
import { PageHeader } from '@/components/shell/AppShell';
import { useToast } from '@/components/Toast';
import { MIN_PASSWORD_LENGTH } from '@/lib/constants';
import type { TChangePasswordForm } from '@/lib/schemas/auth-forms';
import { newPasswordProblemToast } from '@/features/auth/new-password-toast';
import { useTRPC } from '@/trpc/react';

export function ChangePasswordPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { toast } = useToast();

  const change = useMutation(
    trpc.user.changePassword.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: () => {
        toast({ title: 'Password changed', description: 'Other devices have been signed out.' });
        router.push('/account');
      },
      onError: (error) => {
        form.setValue('currentPassword', '');
        toast({
          title: 'Failed to change password',
          description: error.message || 'Please check your current password and try again',
          variant: 'destructive',
        });
      },
    }),
  );

  const { form, formProps } = useSchemaForm<TChangePasswordForm>({
    schema: () => import('@/lib/schemas/auth-forms').then((schemas) => schemas.ZChangePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    pending: change.isPending,
    // The checks speak in toasts (the product's titles); the two about the new password also show
    // under their field.
    onValid: ({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }),
    onInvalid: (errors) =>
      toast({
        ...(errors.currentPassword ? { title: 'Current password required', description: errors.currentPassword.message } : newPasswordProblemToast(errors)),
        variant: 'destructive',
      }),
  });
  const { errors } = form.formState;

  return (
    <div className="mx-auto max-w-lg">
      <PageHeader title="Reset Password" description="Change the password you sign in with." />
      <Card>
        <form {...formProps} className="flex flex-col gap-4">
          <Input label="Current password" type="password" autoComplete="current-password" required {...form.register('currentPassword')} />
          <Input
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            required
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <Input label="Confirm new password" type="password" autoComplete="new-password" required error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
          <FormActions className="mt-2">
            <AppLinkButton href="/account" variant="secondary">
              Cancel
            </AppLinkButton>
            <Button type="submit" pending={change.isPending}>
              Change Password
            </Button>
          </FormActions>
        </form>
      </Card>
    </div>
  );
}
