'use client';
// Email Preferences: four switches (e-mail reminders, and the same reminders by push beside them), each saved on its own (PATCH /api/user/preferences with
// exactly one field), optimistic with rollback. The reminder mail links here
// (/account#email-preferences).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Switch } from '@/components/Field';
import { useToast } from '@/components/Toast';
import type { PreferenceKey, TUser } from '@/lib/schemas/user';
import { useTRPC } from '@/trpc/react';
import { Section } from './Section';

const PREFERENCES: { key: PreferenceKey; label: string; hint: string }[] = [
  { key: 'emailRemindersEnabled', label: 'Email reminders', hint: 'A reminder for tasks due in less than 12 hours.' },
  {
    key: 'pushRemindersEnabled',
    label: 'Push reminders',
    hint: 'The same reminder as a notification on the devices where you turned on alerts in a focus session.',
  },
  { key: 'marketingEmailsEnabled', label: 'Marketing emails', hint: 'Product news and offers, now and then.' },
  { key: 'newsletterEnabled', label: 'Newsletter', hint: 'Tips for focus and calm, at most once a month.' },
];

export function PreferencesSection({ me }: { me: TUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const meKey = trpc.auth.me.queryKey();

  const update = useMutation(
    trpc.user.updatePreferences.mutationOptions({
      onMutate: async (input) => {
        await queryClient.cancelQueries();
        const previous = queryClient.getQueryData<TUser>(meKey);
        if (previous) queryClient.setQueryData<TUser>(meKey, { ...previous, ...input } as TUser);
        return { previous };
      },
      onError: (_error, _input, context) => {
        if (context?.previous) queryClient.setQueryData(meKey, context.previous);
        toast({ title: 'Failed to update preferences', description: 'Please try again.', variant: 'destructive' });
      },
      onSuccess: (user) => queryClient.setQueryData(meKey, user),
    }),
  );

  return (
    <Section id="email-preferences" title="Email Preferences" description="Choose which e-mails we send you.">
      <div className="flex flex-col divide-y divide-border">
        {PREFERENCES.map(({ key, label, hint }) => (
          <Switch
            key={key}
            name={key}
            label={label}
            hint={hint}
            checked={me[key]}
            className="py-4 first:pt-0 last:pb-0"
            onChange={(event) => update.mutate({ [key]: event.target.checked })}
          />
        ))}
      </div>
    </Section>
  );
}
