'use client';
// Email Preferences: the spec's three switches (e-mail reminders, marketing e-mails, newsletter),
// and Notifications, a section of its own for the push reminders (not an e-mail). Each switch is
// saved on its own (PATCH /api/user/preferences with exactly one field), optimistic with rollback.
// The reminder mail links here (/account#email-preferences).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Switch } from '@/components/Field';
import { useToast } from '@/components/Toast';
import type { PreferenceKey, TUser } from '@/lib/schemas/user';
import { useTRPC } from '@/trpc/react';
import { Section } from './Section';

type Preference = { key: PreferenceKey; label: string; hint: string };

const EMAIL_PREFERENCES: Preference[] = [
  { key: 'emailRemindersEnabled', label: 'Email reminders', hint: 'A reminder for tasks due in less than 12 hours.' },
  { key: 'marketingEmailsEnabled', label: 'Marketing emails', hint: 'Product news and offers, now and then.' },
  { key: 'newsletterEnabled', label: 'Newsletter', hint: 'Tips for focus and calm, at most once a month.' },
];

const NOTIFICATION_PREFERENCES: Preference[] = [
  {
    key: 'pushRemindersEnabled',
    label: 'Push reminders',
    hint: 'A notification for tasks due in less than 12 hours, on the devices where you turned on alerts in a focus session.',
  },
];

export function PreferencesSection({ me }: { me: TUser }) {
  return (
    <Section id="email-preferences" title="Email Preferences" description="Choose which e-mails we send you.">
      <PreferenceSwitches me={me} preferences={EMAIL_PREFERENCES} />
    </Section>
  );
}

export function NotificationsSection({ me }: { me: TUser }) {
  return (
    <Section id="notifications" title="Notifications" description="Choose which notifications we show on your devices.">
      <PreferenceSwitches me={me} preferences={NOTIFICATION_PREFERENCES} />
    </Section>
  );
}

function PreferenceSwitches({ me, preferences }: { me: TUser; preferences: Preference[] }) {
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
    <div className="flex flex-col divide-y divide-border">
      {preferences.map(({ key, label, hint }) => (
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
  );
}
