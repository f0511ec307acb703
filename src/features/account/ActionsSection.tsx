'use client';
// Account Actions: Reset Password (→ /reset-password), Sign Out, and Delete Account after a
// confirmation (everything goes, then the landing page).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, LinkButton } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { useToast } from '@/components/Toast';
import { useTRPC } from '@/trpc/react';
import { Section } from './Section';
import { leaveTo } from '@/features/auth/leave';
import { forgetAccountInBrowser, useSignOut } from '@/features/auth/useSignOut';

export function ActionsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { signOut, pending: signingOut } = useSignOut();
  const [confirmDelete, setConfirmDelete] = useState(false);

  const remove = useMutation(
    trpc.user.delete.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: () => {
        setConfirmDelete(false);
        forgetAccountInBrowser(queryClient);
        leaveTo('/');
      },
      onError: (error) => toast({ title: 'Failed to delete account', description: error.message, variant: 'destructive' }),
    }),
  );

  return (
    <Section id="account-actions" title="Account Actions">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <LinkButton href="/reset-password" variant="secondary">
          Reset Password
        </LinkButton>
        <Button variant="secondary" pending={signingOut} onClick={signOut}>
          Sign Out
        </Button>
        <Button variant="danger" className="sm:ml-auto" onClick={() => setConfirmDelete(true)}>
          Delete Account
        </Button>
      </div>
      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        role="alertdialog"
        title="Delete your account?"
        description="This removes your account and all your tasks, sessions and usage for good. A Plus subscription ends with it. This action cannot be undone."
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button variant="danger" pending={remove.isPending} onClick={() => remove.mutate({})}>
              Delete Account
            </Button>
          </>
        }
      />
    </Section>
  );
}
