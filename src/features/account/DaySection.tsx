'use client';
// Your day: the working day (start, end, weekdays on the account's clock) that today's free time
// is counted in, and the optional morning and evening ritual. This is the one place the ritual is
// switched on or off for good (PATCH /api/user { workday } / { ritual }).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ButtonCore';
import { Input, Switch } from '@/components/Field';
import { useToast } from '@/components/Toast';
import type { TUser } from '@/lib/schemas/user';
import { useTRPC } from '@/trpc/react';
import { Section } from './Section';

const WEEKDAYS = [
  [1, 'Mon', 'Monday'],
  [2, 'Tue', 'Tuesday'],
  [3, 'Wed', 'Wednesday'],
  [4, 'Thu', 'Thursday'],
  [5, 'Fri', 'Friday'],
  [6, 'Sat', 'Saturday'],
  [7, 'Sun', 'Sunday'],
] as const;

export function DaySection({ me }: { me: TUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [start, setStart] = useState(me.workday.start);
  const [end, setEnd] = useState(me.workday.end);
  const [days, setDays] = useState<number[]>(me.workday.days);
  const [error, setError] = useState<string | null>(null);

  const update = useMutation(
    trpc.user.update.mutationOptions({
      onSuccess: (user) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), user);
        void queryClient.invalidateQueries({ queryKey: trpc.today.get.queryKey() });
      },
    }),
  );

  const saveWorkday = (event: FormEvent) => {
    event.preventDefault();
    if (days.length === 0) return setError('Choose at least one working day.');
    if (!(start < end)) return setError('The working day must end after it starts.');
    setError(null);
    update.mutate(
      { workday: { start, end, days } },
      {
        onSuccess: () => toast({ title: 'Working day saved' }),
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <Section id="your-day" title="Your day" description={`Today's free time is counted inside your working day, on your clock (${me.timeZone}).`}>
      <form onSubmit={saveWorkday} className="flex flex-col gap-4" aria-label="Working day">
        <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
          <Input label="Starts" type="time" value={start} onChange={(event) => setStart(event.target.value)} required />
          <Input label="Ends" type="time" value={end} onChange={(event) => setEnd(event.target.value)} required />
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Working days</legend>
          <div className="flex flex-wrap gap-2">
            {WEEKDAYS.map(([value, short, long]) => (
              <label key={value} className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-control border border-border px-3 text-sm has-[:checked]:bg-accentSoft">
                <input
                  type="checkbox"
                  aria-label={long}
                  checked={days.includes(value)}
                  onChange={(event) => setDays((current) => (event.target.checked ? [...current, value].sort() : current.filter((day) => day !== value)))}
                />
                <span aria-hidden>{short}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {error ? (
          <p role="alert" className="text-sm">
            {error}
          </p>
        ) : null}
        <div>
          <Button type="submit" variant="secondary" pending={update.isPending && update.variables?.workday !== undefined} disabled={update.isPending}>
            Save working day
          </Button>
        </div>
      </form>
      <div className="mt-6 flex flex-col divide-y divide-border border-t border-border pt-4">
        <Switch
          name="ritualMorning"
          label="Morning check-in"
          hint="Under a minute: what is carried over, pick up to three, does it fit."
          checked={me.ritual.morning}
          className="py-4 first:pt-0"
          onChange={(event) => update.mutate({ ritual: { morning: event.target.checked } })}
        />
        <Switch
          name="ritualEvening"
          label="Evening check-in"
          hint="Under a minute: what got done, carry or let go, one optional line."
          checked={me.ritual.evening}
          className="py-4 last:pb-0"
          onChange={(event) => update.mutate({ ritual: { evening: event.target.checked } })}
        />
      </div>
    </Section>
  );
}
