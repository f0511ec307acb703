'use client';
// Account Actions: Reset Password (→ /reset-password), Sign Out, and Delete Account after a
// confirmation (everything goes, then the landing page).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button, LinkButton } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { useToast } from '@/components/Toast';
import { useTRPC } from '@/trpc/react';
import { Section } from './Section';
import { clearBrowserCaches, useAccountSignOut } from './useAccountSignOut';

export function ActionsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const { toast } = useToast();
  const signOut = useAccountSignOut();
  const [confirmDelete, setConfirmDelete] = useState(false);

  const remove = useMutation(
    trpc.user.delete.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: () => {
        setConfirmDelete(false);
        clearBrowserCaches();
        queryClient.clear();
        router.replace('/');
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
        <Button variant="secondary" pending={signOut.isPending} onClick={() => signOut.mutate({})}>
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
