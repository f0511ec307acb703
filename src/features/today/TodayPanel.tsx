'use client';
// The dashboard's Today panel: the day in words a person reads at a glance ("Today: 3 h 10 min
// planned, about 2 h 40 min free"), what was focused and what is carried over (a quiet "Fresh
// start" link), and, when the plan does not fit the time left, three calm choices: keep anyway,
// move to tomorrow, trim. Every move is a fresh start of its own, so each can be undone.
// Loaded after the dashboard has hydrated (./LazyTodayPanel), so it costs the first paint nothing;
// the card and its words are ./LazyTodayPanel's, drawn with the page, and these choices are added
// inside it (nothing the server drew is replaced: docs/architecture.md, "/dashboard after its
// hydration").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ButtonCore';
import { Card } from '@/components/Card';
import { toast } from '@/components/Toast';
import { IMPORTANCE_RANK, type FreshStartAction } from '@/lib/just-start';
import type { TTaskOutput } from '@/lib/schemas/task';
import { useTRPC } from '@/trpc/react';
import type { TTodayOutput } from '@/lib/schemas/today';
import { EveningRitual, MorningRitual, RitualOffer } from './Ritual';

const keptKey = (date: string) => `onething-today-kept-${date}`;

/** Today's tasks that do not fit, least important (then latest due) first, covering `over` minutes. */
function overflow(tasks: readonly TTaskOutput[], over: number): TTaskOutput[] {
  const ordered = [...tasks].sort(
    (a, b) => IMPORTANCE_RANK[a.importance] - IMPORTANCE_RANK[b.importance] || Date.parse(b.dueDate ?? '') - Date.parse(a.dueDate ?? ''),
  );
  const picked: TTaskOutput[] = [];
  let covered = 0;
  for (const task of ordered) {
    if (covered >= over) break;
    picked.push(task);
    covered += Math.max(5, (task.estimatedMinutes ?? 30) - task.actualMinutes);
  }
  return picked;
}

/**
 * The ritual's one-time offer, at the foot of the dashboard: it arrives after the page has
 * loaded, and there it moves nothing that is already on screen.
 */
export function RitualOfferSlot() {
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());
  if (!me.data || me.data.ritual.offered) return null;
  return (
    <Card as="section" aria-label="A short daily check-in" padding="sm" className="mt-6">
      <RitualOffer />
    </Card>
  );
}

/**
 * The panel's choices under the day's words (drawn by ./LazyTodayPanel with the page): keep
 * anyway, move to tomorrow or trim when the plan does not fit, and the ritual's check-in due now.
 */
export function TodayChoices({ day, ritual, onRitualDone }: { day: TTodayOutput; ritual: 'morning' | 'evening' | null; onRitualDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [kept, setKept] = useState(() => (typeof window === 'undefined' ? null : window.localStorage.getItem('onething-today-kept')));
  const [trimming, setTrimming] = useState(false);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.today.get.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.task.list.queryKey() });
  };
  const undo = useMutation(trpc.today.undoFreshStart.mutationOptions({ onSuccess: refresh }));
  const move = useMutation(
    trpc.today.applyFreshStart.mutationOptions({
      onSuccess: (result) => {
        refresh();
        toast({
          title: result.changed === 1 ? 'Moved 1 task' : `Moved ${result.changed} tasks`,
          action: { label: 'Undo', onClick: () => undo.mutate({ id: result.id }) },
        });
      },
      onError: () => toast({ title: 'That could not be moved just now', description: 'Nothing changed. Try again in a moment.' }),
    }),
  );
  const decide = (tasks: readonly TTaskOutput[], action: FreshStartAction) => move.mutate({ decisions: tasks.map((task) => ({ taskId: task.id, action })) });
  const over = day.overMinutes > 0 && day.today.length > 0 && kept !== keptKey(day.date);

  return (
    <>
      {over ? (
        <div className="mt-3 flex flex-wrap items-center gap-2" role="group" aria-label="More planned than the time left">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              window.localStorage.setItem('onething-today-kept', keptKey(day.date));
              setKept(keptKey(day.date));
            }}
          >
            Keep anyway
          </Button>
          <Button size="sm" variant="secondary" disabled={move.isPending} onClick={() => decide(overflow(day.today, day.overMinutes), 'tomorrow')}>
            Move to tomorrow
          </Button>
          <Button size="sm" variant="secondary" aria-expanded={trimming} onClick={() => setTrimming((value) => !value)}>
            Trim
          </Button>
        </div>
      ) : null}
      {over && trimming ? (
        <ul aria-label="Today’s tasks" className="mt-3 flex flex-col gap-1">
          {day.today.map((task) => (
            <li key={task.id} className="flex flex-wrap items-center justify-between gap-2 rounded-control border border-border px-3 py-2 text-sm">
              <span className="min-w-0 truncate">{task.title}</span>
              <span className="flex gap-2">
                <Button size="sm" variant="ghost" disabled={move.isPending} onClick={() => decide([task], 'tomorrow')} aria-label={`Move "${task.title}" to tomorrow`}>
                  Tomorrow
                </Button>
                <Button size="sm" variant="ghost" disabled={move.isPending} onClick={() => decide([task], 'someday')} aria-label={`Move "${task.title}" to someday`}>
                  Someday
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {ritual === 'morning' ? <MorningRitual day={day} onDone={onRitualDone} /> : null}
      {ritual === 'evening' ? <EveningRitual day={day} doneToday={day.completedToday} onDone={onRitualDone} /> : null}
    </>
  );
}
