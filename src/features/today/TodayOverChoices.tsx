'use client';
// The Today card's three calm choices when the plan does not fit the time left: keep anyway, move
// to tomorrow, trim. Every move is a fresh start of its own, so each can be undone. Drawn with the
// page (the server's HTML and the island's hydration, from the day the server read and the "Keep
// anyway" cookie, ./today-kept.ts), so the card has its final height from the first paint: added
// after `load` with the panel's code, they pushed everything below down (a layout shift of 0.025
// on Lighthouse's phone on every such day).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ButtonCore';
import { toast } from '@/components/Toast';
import { IMPORTANCE_RANK, type FreshStartAction } from '@/lib/just-start';
import type { TTaskOutput } from '@/lib/schemas/task';
import type { TTodayOutput } from '@/lib/schemas/today';
import { useTRPC } from '@/trpc/react';
import { keepToday } from './today-kept';

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

/** `keptDate`: the day "Keep anyway" was chosen for, as the request's cookie said. */
export function TodayOverChoices({ day, keptDate }: { day: TTodayOutput; keptDate: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [kept, setKept] = useState(keptDate);
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
  if (!(day.overMinutes > 0 && day.today.length > 0) || kept === day.date) return null;

  return (
    <>
      <div className="mt-3 flex flex-wrap items-center gap-2" role="group" aria-label="More planned than the time left">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            keepToday(day.date);
            setKept(day.date);
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
      {trimming ? (
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
    </>
  );
}
