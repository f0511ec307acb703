'use client';
// The optional day ritual, inside the Today panel. Off by default and offered once (any answer
// to the offer counts, and Account > Your day is the one place that turns it on or off after).
// Each takes under a minute:
// The offer sits at the foot of the dashboard (TodayPanel's RitualOfferSlot); the check-ins in the panel
// (which one is due: ./ritual-due.ts):
// - morning (before noon): what is carried over, pick up to three for today, does it fit;
// - evening (from the end of the working day): what got done, carry or let go what is left,
//   and one optional line, kept on the server (PUT /api/today/line): the panel shows it back that
//   day, and the next morning's check-in shows it as "Last evening".
// A picked, carried or let-go task moves through a fresh start, so it can be undone.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ButtonCore';
import { toast } from '@/components/Toast';
import { calibratedMinutes, type FreshStartAction } from '@/lib/just-start';
import type { TTaskOutput } from '@/lib/schemas/task';
import type { TTodayOutput } from '@/lib/schemas/today';
import { formatMinutes } from '@/lib/minutes';
import { useTRPC } from '@/trpc/react';
import { doneKey } from './ritual-due';

const PICK_MAX = 3;

/** "Last evening" for yesterday's line, else the day's name ("On Tuesday"). */
function lineDayLabel(lineDate: string, today: string): string {
  const utc = (key: string) => Date.parse(`${key}T12:00:00Z`);
  if (Math.round((utc(today) - utc(lineDate)) / 86_400_000) === 1) return 'Last evening';
  return `On ${new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(utc(lineDate))}`;
}

function useMove() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const undo = useMutation(trpc.today.undoFreshStart.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.today.get.queryKey() }) }));
  return useMutation(
    trpc.today.applyFreshStart.mutationOptions({
      onSuccess: (result) => {
        void queryClient.invalidateQueries({ queryKey: trpc.today.get.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.task.list.queryKey() });
        if (result.changed > 0) toast({ title: result.changed === 1 ? 'Moved 1 task' : `Moved ${result.changed} tasks`, action: { label: 'Undo', onClick: () => undo.mutate({ id: result.id }) } });
      },
    }),
  );
}

export function RitualOffer() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const answer = useMutation(trpc.user.update.mutationOptions({ onSuccess: (user) => queryClient.setQueryData(trpc.auth.me.queryKey(), user) }));
  return (
    <div className="flex flex-col gap-2 text-sm" role="group" aria-label="A short daily check-in">
      <p>A one-minute check-in in the morning or evening? It stays off unless you choose it, and Account › Your day changes it any time.</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={answer.isPending} onClick={() => answer.mutate({ ritual: { morning: true } })}>
          Mornings
        </Button>
        <Button size="sm" variant="secondary" disabled={answer.isPending} onClick={() => answer.mutate({ ritual: { evening: true } })}>
          Evenings
        </Button>
        <Button size="sm" variant="ghost" disabled={answer.isPending} onClick={() => answer.mutate({ ritual: { morning: false, evening: false } })}>
          No thanks
        </Button>
      </div>
    </div>
  );
}

export function MorningRitual({ day, onDone }: { day: TTodayOutput; onDone: () => void }) {
  const move = useMove();
  const [picked, setPicked] = useState<string[]>([]);
  const candidates = [...day.today, ...day.carriedOver].slice(0, 12);
  const pickedTasks = candidates.filter((task) => picked.includes(task.id));
  const need = pickedTasks.reduce((sum, task) => sum + calibratedMinutes(task, null), 0);
  const room = day.freeMinutes + day.today.filter((task) => picked.includes(task.id)).reduce((sum, task) => sum + calibratedMinutes(task, null), 0);
  const finish = () => {
    const carried = pickedTasks.filter((task) => day.carriedOver.some((late) => late.id === task.id));
    if (carried.length > 0) move.mutate({ decisions: carried.map((task) => ({ taskId: task.id, action: 'today' as FreshStartAction })) });
    window.localStorage.setItem(doneKey('morning', day.date), '1');
    onDone();
  };
  return (
    <div className="mt-3 flex flex-col gap-3 border-t border-border pt-3 text-sm" role="group" aria-label="Morning check-in">
      {day.lastLine ? (
        <p className="text-muted">
          {lineDayLabel(day.lastLine.date, day.date)}: <q>{day.lastLine.line}</q>
        </p>
      ) : null}
      <p className="font-medium">
        Good morning. {day.carriedOver.length > 0 ? `${day.carriedOver.length} carried over. ` : ''}Pick up to three for today.
      </p>
      <ul className="flex flex-col gap-1">
        {candidates.map((task) => (
          <li key={task.id}>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={picked.includes(task.id)}
                disabled={!picked.includes(task.id) && picked.length >= PICK_MAX}
                onChange={(event) => setPicked((current) => (event.target.checked ? [...current, task.id] : current.filter((id) => id !== task.id)))}
              />
              <span className="truncate">{task.title}</span>
            </label>
          </li>
        ))}
      </ul>
      {picked.length > 0 ? (
        <p className="text-muted" role="status">
          {need <= room ? `About ${formatMinutes(need)}: it fits.` : `About ${formatMinutes(need)}, more than the ${formatMinutes(room)} you have: maybe two.`}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button size="sm" onClick={finish}>
          Done
        </Button>
        <Button size="sm" variant="ghost" onClick={() => (window.localStorage.setItem(doneKey('morning', day.date), '1'), onDone())}>
          Skip today
        </Button>
      </div>
    </div>
  );
}

export function EveningRitual({ day, doneToday, onDone }: { day: TTodayOutput; doneToday: number; onDone: () => void }) {
  const move = useMove();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keepLine = useMutation(
    trpc.today.setLine.mutationOptions({
      onSuccess: (kept) => queryClient.setQueryData(trpc.today.get.queryKey(), (current) => (current && current.date === kept.date ? { ...current, line: kept.line } : current)),
      onError: () => toast({ title: 'Your line could not be kept just now', description: 'Everything else is saved. Try the line again later.' }),
    }),
  );
  const [choices, setChoices] = useState<Record<string, 'carry' | 'let-go'>>({});
  const [line, setLine] = useState(day.line ?? '');
  const left: TTaskOutput[] = day.today.slice(0, 12);
  const finish = () => {
    if (left.length > 0) {
      move.mutate({ decisions: left.map((task) => ({ taskId: task.id, action: (choices[task.id] === 'let-go' ? 'let-go' : 'tomorrow') as FreshStartAction })) });
    }
    if (line.trim() !== (day.line ?? '')) keepLine.mutate({ date: day.date, line: line.trim() });
    window.localStorage.setItem(doneKey('evening', day.date), '1');
    onDone();
  };
  return (
    <div className="mt-3 flex flex-col gap-3 border-t border-border pt-3 text-sm" role="group" aria-label="Evening check-in">
      <p className="font-medium">{doneToday === 0 ? 'Evening. Today is done.' : `Evening. ${doneToday === 1 ? '1 task' : `${doneToday} tasks`} done today.`}</p>
      {left.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {left.map((task) => (
            <li key={task.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 truncate">{task.title}</span>
              <select
                aria-label={`"${task.title}": carry to tomorrow or let go`}
                value={choices[task.id] ?? 'carry'}
                onChange={(event) => setChoices((current) => ({ ...current, [task.id]: event.target.value as 'carry' | 'let-go' }))}
                className="h-8 rounded-control border border-border bg-surface px-2 text-sm text-text"
              >
                <option value="carry">Carry to tomorrow</option>
                <option value="let-go">Let go</option>
              </select>
            </li>
          ))}
        </ul>
      ) : null}
      <label className="flex flex-col gap-1">
        <span className="text-muted">One line about today (optional)</span>
        <input value={line} maxLength={200} onChange={(event) => setLine(event.target.value)} className="h-9 rounded-control border border-border bg-surface px-2 text-text" />
      </label>
      <div className="flex gap-2">
        <Button size="sm" onClick={finish} disabled={move.isPending}>
          Done
        </Button>
        <Button size="sm" variant="ghost" onClick={() => (window.localStorage.setItem(doneKey('evening', day.date), '1'), onDone())}>
          Skip today
        </Button>
      </div>
    </div>
  );
}
