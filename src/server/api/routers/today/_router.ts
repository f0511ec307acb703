// The today router: your day, the fresh start and Just start (docs/api-contract.md, "Your day").
// Wiring only: schemas in src/lib/schemas/today.ts, rules in src/server/services/today.service.ts,
// planning in src/lib/day-plan.ts. Static paths before /today/fresh-start/{id}/undo.
import { z } from 'zod';
import { ZId } from '@/lib/schemas/task';
import { ZDayLineInput, ZDayLineOutput, ZFreshStartInput, ZFreshStartOutput, ZFreshStartPreview, ZNextInput, ZNextOutput, ZTodayOutput, ZUndoOutput } from '@/lib/schemas/today';
import { applyFreshStart, getToday, nextTask, previewFreshStart, setDayLine, undoFreshStart } from '@/server/services/today.service';
import { createTRPCRouter, verifiedProcedure } from '../../trpc';
import { EXAMPLE_FRESH_START, EXAMPLE_NEXT, EXAMPLE_PREVIEW, EXAMPLE_TODAY } from './examples';
import { answer } from '@/server/api/answers';

const tags = ['today'];

export const todayRouter = createTRPCRouter({
  get: verifiedProcedure
    .meta({
      scope: 'read',
      openapi: {
        method: 'GET',
        path: '/today',
        tags,
        summary: 'Your day',
        description:
          "Today in the account's time zone: the carried-over tasks (open, not let go, due before today began), today's tasks, and the day's figures " +
          "from the account's workday (`PATCH /api/user { workday }`) and calibrated estimates (your estimates times your own actual/estimate factor): " +
          'planned, focused, busy (calendar) and free minutes.',
        protect: true,
      },
    })
    .input(z.object({}).optional())
    .output(answer(ZTodayOutput.meta({ examples: [EXAMPLE_TODAY] })))
    .query(({ ctx }) => getToday(ctx.db, ctx.session.userId)),

  previewFreshStart: verifiedProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'POST',
        path: '/today/fresh-start/preview',
        tags,
        summary: 'Propose a fresh start',
        description:
          'A proposal for every carried-over task: today, tomorrow (the next workday with room), this-week, someday (no date) or let-go ' +
          '(kept, hidden from the lists, restorable), from due dates, importance, calibrated estimates and free time. A repeating task catches up with its series. ' +
          'Changes nothing.',
        protect: true,
      },
    })
    .input(z.object({}).optional())
    .output(answer(ZFreshStartPreview.meta({ examples: [EXAMPLE_PREVIEW] })))
    .mutation(({ ctx }) => previewFreshStart(ctx.db, ctx.session.userId)),

  applyFreshStart: verifiedProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'POST',
        path: '/today/fresh-start',
        tags,
        summary: 'Apply a fresh start',
        description:
          'Applies the decisions in one transaction and keeps what each task had before, for the undo. Every taskId must be one of your tasks: ' +
          'otherwise 404 and nothing changes. A task completed meanwhile is left as it is.',
        protect: true,
      },
      errors: { 404: '`Task not found`: a taskId is not one of your tasks (nothing changed)' },
    })
    .input(ZFreshStartInput.meta({ examples: [EXAMPLE_FRESH_START.body] }))
    .output(answer(ZFreshStartOutput.meta({ examples: [EXAMPLE_FRESH_START.answer] })))
    .mutation(({ ctx, input }) => applyFreshStart(ctx.db, ctx.session.userId, input)),

  undoFreshStart: verifiedProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'POST',
        path: '/today/fresh-start/{id}/undo',
        tags,
        summary: 'Undo a fresh start',
        description:
          'Puts back every field the fresh start changed (due dates to the instant, a repeating task\'s occurrence and rule, let go or not), in one transaction. ',
        protect: true,
      },
      errors: { 404: '`Fresh start not found`: not one of yours', 409: 'This fresh start was already undone' },
    })
    .input(z.object({ id: ZId.describe('The fresh start id (from POST /api/today/fresh-start)') }))
    .output(answer(ZUndoOutput.meta({ examples: [{ restored: 12 }] })))
    .mutation(({ ctx, input }) => undoFreshStart(ctx.db, ctx.session.userId, input.id)),

  setLine: verifiedProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'PUT',
        path: '/today/line',
        tags,
        summary: "Keep the evening's one line",
        description:
          "The evening check-in's optional line about a day (default today, in the account's zone), one per day: writing again replaces it, " +
          'an empty line removes it. GET /api/today answers it as `line` (and the last earlier one as `lastLine`); it goes with the account.',
        protect: true,
      },
      errors: { 400: 'The line is longer than 200 characters, or the date is after today' },
    })
    .input(ZDayLineInput.meta({ examples: [{ line: 'Slow start, but the invoice went out.' }] }))
    .output(answer(ZDayLineOutput.meta({ examples: [{ date: '2026-11-27', line: 'Slow start, but the invoice went out.' }] })))
    .mutation(({ ctx, input }) => setDayLine(ctx.db, ctx.session.userId, input)),

  next: verifiedProcedure
    .meta({
      scope: 'read',
      openapi: {
        method: 'GET',
        path: '/today/next',
        tags,
        summary: 'Just start: one task to begin now',
        description:
          'One open top-level task to start now (its subtasks are its steps, never offered on their own), its first step (its first open subtask, ' +
          "else the task's own first-step line (firstStep), else a starter line; no AI call, so it works offline and on every plan), one line saying why, and the starter timer's minutes (10). " +
          '`skip` re-rolls ("something else").',
        protect: true,
      },
    })
    .input(ZNextInput.optional())
    .output(answer(ZNextOutput.meta({ examples: [EXAMPLE_NEXT] })))
    .query(({ ctx, input }) => {
      const skip = (input?.skip ?? '').split(',').map((id) => id.trim()).filter(Boolean).slice(0, 100);
      return nextTask(ctx.db, ctx.session.userId, skip);
    }),
});
