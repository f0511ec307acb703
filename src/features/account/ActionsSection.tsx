'use client';
// Account Actions: Reset Password (→ /reset-password), Sign Out (this device), Sign Out
// Everywhere after a confirmation (every browser session of the account ends, this one too), and
// Delete Account after a confirmation with the account password (everything goes, then the
// landing page).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AppLinkButton } from '@/components/AppLink';
import { Button } from '@/components/ButtonCore';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Input } from '@/components/Field';
import { useSchemaForm } from '@/components/Form';
import { useToast } from '@/components/Toast';
import type { TDeleteAccountInput } from '@/lib/schemas/user';
import { useTRPC } from '@/trpc/react';
import { Section } from './Section';
import { leaveTo } from '@/features/auth/leave';
import { forgetAccountInBrowser } from '@/features/auth/sign-out';
import { forgetPushSubscription } from '@/features/offline/push-subscription';
import { useSignOut } from '@/features/auth/useSignOut';

export function ActionsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { signOut, pending: signingOut } = useSignOut();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmEverywhere, setConfirmEverywhere] = useState(false);
  const closeDelete = () => {
    setConfirmDelete(false);
    deleteForm.reset();
  };

  const remove = useMutation(
    trpc.user.delete.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: () => {
        closeDelete();
        forgetAccountInBrowser(queryClient);
        leaveTo('/');
      },
      onError: (error) => {
        // A wrong password is said beside the field; anything else (Stripe or the network down) in a toast.
        if (error.data?.code === 'BAD_REQUEST') deleteForm.setError('password', { message: error.message });
        else toast({ title: 'Failed to delete account', description: error.message, variant: 'destructive' });
      },
    }),
  );
  const everywhere = useMutation(
    trpc.auth.signoutEverywhere.mutationOptions({
      // Signed in still: this browser's push subscription is removed on the server first.
      onMutate: () => Promise.all([queryClient.cancelQueries(), forgetPushSubscription()]),
      onSuccess: () => {
        setConfirmEverywhere(false);
        forgetAccountInBrowser(queryClient);
        leaveTo('/signin');
      },
      onError: (error) => toast({ title: 'Failed to sign out', description: error.message, variant: 'destructive' }),
    }),
  );

  // The API's own schema: a blank password reads 'Please enter your password to delete your account'.
  const { form: deleteForm, formProps: deleteFormProps } = useSchemaForm<TDeleteAccountInput>({
    schema: () => import('@/lib/schemas/user').then((schemas) => schemas.ZDeleteAccountInput),
    defaultValues: { password: '' },
    pending: remove.isPending,
    onValid: (values) => remove.mutate(values),
  });

  return (
    <Section id="account-actions" title="Account Actions">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <AppLinkButton href="/reset-password" variant="secondary">
          Reset Password
        </AppLinkButton>
        <Button variant="secondary" pending={signingOut} onClick={signOut}>
          Sign Out
        </Button>
        <Button variant="secondary" onClick={() => setConfirmEverywhere(true)}>
          Sign Out Everywhere
        </Button>
        <Button variant="danger" className="sm:ml-auto" onClick={() => setConfirmDelete(true)}>
          Delete Account
        </Button>
      </div>
      <ConfirmDialog
        open={confirmEverywhere}
        onClose={() => setConfirmEverywhere(false)}
        title="Sign out everywhere?"
        description="Every browser signed in to your account is signed out, this one too. Your API tokens keep working; revoke them above if you need to."
        confirmLabel="Sign Out Everywhere"
        tone="primary"
        pending={everywhere.isPending || everywhere.isSuccess}
        onConfirm={() => everywhere.mutate({})}
      />
      <ConfirmDialog
        open={confirmDelete}
        onClose={closeDelete}
        title="Delete your account?"
        description="This removes your account and all your tasks, sessions and usage for good. A Plus subscription ends with it. This action cannot be undone."
        confirmLabel="Delete Account"
        form="delete-account-form"
        pending={remove.isPending}
      >
        <form id="delete-account-form" {...deleteFormProps}>
          <Input
            label="Your password"
            type="password"
            autoComplete="current-password"
            hint="To be sure it is you."
            error={deleteForm.formState.errors.password?.message}
            required
            {...deleteForm.register('password')}
          />
        </form>
      </ConfirmDialog>
    </Section>
  );
}
