'use client';
// /reset-password: change the password while signed in (spec sections 2 and 5). The new
// password and its confirmation must match and be at least 8 characters; the server checks the
// current one. Success goes back to /account; this browser stays signed in, others are signed out.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button, LinkButton } from '@/components/Button';
import { Card } from '@/components/Card';
import { Input } from '@/components/Field';
import { PageHeader } from '@/components/shell/AppShell';
import { useToast } from '@/components/Toast';
import { MIN_PASSWORD_LENGTH } from '@/lib/constants';
import { checkNewPassword, type PasswordProblem } from './password-change';
import { useTRPC } from '@/trpc/react';

export function ChangePasswordPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<PasswordProblem | null>(null);

  const change = useMutation(
    trpc.user.changePassword.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: () => {
        toast({ title: 'Password changed', description: 'Other devices have been signed out.' });
        router.push('/account');
      },
      onError: (error) => {
        setCurrentPassword('');
        toast({
          title: 'Failed to change password',
          description: error.message || 'Please check your current password and try again',
          variant: 'destructive',
        });
      },
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkNewPassword(newPassword, confirmation);
    setProblem(found);
    if (found) {
      toast({ ...found, variant: 'destructive' });
      return;
    }
    if (!currentPassword) {
      toast({ title: 'Current password required', description: 'Please check your current password and try again', variant: 'destructive' });
      return;
    }
    change.mutate({ currentPassword, newPassword });
  };

  return (
    <div className="mx-auto max-w-lg">
      <PageHeader title="Reset Password" description="Change the password you sign in with." />
      <Card>
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <Input label="Current password" name="currentPassword" type="password" autoComplete="current-password" value={currentPassword} required onChange={(event) => setCurrentPassword(event.target.value)} />
          <Input
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            value={newPassword}
            required
            error={problem?.title === 'Password too short' ? problem.description : undefined}
            onChange={(event) => setNewPassword(event.target.value)}
          />
          <Input
            label="Confirm new password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            required
            error={problem?.title === "Passwords don't match" ? problem.description : undefined}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <LinkButton href="/account" variant="secondary">
              Cancel
            </LinkButton>
            <Button type="submit" pending={change.isPending}>
              Change Password
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
