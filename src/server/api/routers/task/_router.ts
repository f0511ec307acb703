// The task router: wiring only (schemas in src/lib/schemas/task.ts, rules in
// src/server/services/task.service.ts). Static paths come before /tasks/{id}.
import {
  ZCalendarFeedOutput,
  ZCompleteTaskInput,
  ZCompleteTaskOutput,
  ZCreateTaskInput,
  ZListTasksInput,
  ZParseTaskInput,
  ZRecordFocusInput,
  ZPatchTaskInput,
  ZTaskCountsOutput,
  ZTaskDraft,
  ZTaskOutput,
  ZTaskPage,
  ZUpdateTaskInput,
  TASK_LIST_MAX,
  TASK_PAGE_DEFAULT,
} from '@/lib/schemas/task';
import { disableCalendarFeed, getCalendarFeed, rotateCalendarFeed } from '@/server/services/calendar-feed.service';
import { idempotencyKeyOf } from '@/server/services/idempotency.service';
import { completeTask, createTask, currentTask, deleteTask, listTaskPage, listTasks, parseTaskText, patchTask, recordFocus, taskCounts, updateTask } from '@/server/services/task.service';
import { z } from 'zod';
import { FEED_NEEDS_SECRET, IDEMPOTENCY_CONFLICT } from '../../responses';
import { createTRPCRouter, verifiedBrowserSessionProcedure, verifiedProcedure } from '../../trpc';
import { taskProcedure, taskProcedureWith } from './procedures';
import { answer } from '@/server/api/answers';

const tags = ['tasks'];
const ZSuccess = z.object({ success: z.literal(true) });

// Both doors read the same HTTP header (tRPC requests carry it too); the rule lives in the service.
const IDEMPOTENCY_NOTE =
  'An optional `Idempotency-Key` header (1-200 visible ASCII characters): a repeat with the same key within 24 h answers the first answer and changes nothing; ' +
  'the same key for a different request is a 409.';

/**
 * A repeating task is one row: the open occurrence of its series (completing it creates the next).
 * applyTo says whether an edit is the series' or this occurrence's alone.
 */
const APPLY_TO_NOTE =
  'On a repeating task, `applyTo` chooses what an edit changes: `"following"` (the default) changes this occurrence ' +
  'and all following ones (the series goes on from this task as edited); `"this"` changes only this occurrence: the ' +
  'series moves on at once to its next occurrence (a new task, created from the series as it was), and this task takes ' +
  'the edits and stops repeating. On a task that does not repeat, or a PATCH that only completes or reopens, applyTo changes nothing.';

export const taskRouter = createTRPCRouter({
  list: verifiedProcedure
    .meta({
      scope: 'read',
      openapi: {
        method: 'GET',
        path: '/tasks',
        tags,
        summary: 'List your tasks',
        description:
          `All your tasks, subtasks included (flat, with parentTaskId): open ones first, then by due date (undated last); ` +
          `at most ${TASK_LIST_MAX} rows. Filters: status (open or completed; completed=true/false is the older spelling), ` +
          `and from/to on the due date (undated tasks are then left out). ` +
          `With limit or cursor the answer is a page { items, nextCursor } instead of the array (${TASK_PAGE_DEFAULT} tasks unless limit says): ` +
          `completed tasks (status=completed) newest completion first, any other page oldest creation first; ` +
          `nextCursor is null on the last page; a cursor that is not a page's nextCursor for the same status is a 400.`,
        protect: true,
      },
    })
    .input(ZListTasksInput.optional())
    .output(answer(z.union([z.array(ZTaskOutput), ZTaskPage])))
    .query(({ ctx, input }) =>
      input && (input.limit !== undefined || input.cursor !== undefined) ? listTaskPage(ctx.db, ctx.session.userId, input) : listTasks(ctx.db, ctx.session.userId, input),
    ),

  counts: verifiedProcedure
    .meta({
      scope: 'read',
      openapi: {
        method: 'GET',
        path: '/tasks/counts',
        tags,
        summary: 'How many tasks you have',
        description: 'The number of your open and of your completed tasks, subtasks included (the dashboard figures, without reading the history).',
        protect: true,
      },
    })
    .input(z.object({}).optional())
    .output(answer(ZTaskCountsOutput))
    .query(({ ctx }) => taskCounts(ctx.db, ctx.session.userId)),

  current: verifiedProcedure
    .meta({
      scope: 'read',
      openapi: {
        method: 'GET',
        path: '/tasks/current',
        tags,
        summary: 'The current task',
        description: 'The first open top-level task by due date, undated last; null when there is none.',
        protect: true,
      },
    })
    .input(z.object({}).optional())
    .output(answer(z.object({ task: ZTaskOutput.nullable() })))
    .query(async ({ ctx }) => ({ task: await currentTask(ctx.db, ctx.session.userId) })),

  calendarFeed: verifiedBrowserSessionProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/tasks/calendar-feed',
        tags,
        summary: 'Your private calendar feed',
        description: 'The secret iCalendar (ICS) URL listing your dated tasks, for any calendar app; url is null while the feed is off. The URL is a credential: needs the browser session (not an API token).',
        protect: true,
      },
      errors: { 503: FEED_NEEDS_SECRET },
    })
    .input(z.object({}).optional())
    .output(answer(ZCalendarFeedOutput))
    .query(({ ctx }) => getCalendarFeed(ctx.db, ctx.session.userId)),

  rotateCalendarFeed: verifiedBrowserSessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/tasks/calendar-feed/rotate',
        tags,
        summary: 'Turn on the calendar feed with a new URL',
        description: 'Turns the feed on and gives it a new secret URL; every earlier URL stops working. Needs the browser session (not an API token).',
        protect: true,
      },
      errors: { 503: FEED_NEEDS_SECRET },
    })
    .input(z.object({}).optional())
    .output(answer(ZCalendarFeedOutput))
    .mutation(({ ctx }) => rotateCalendarFeed(ctx.db, ctx.session.userId)),

  disableCalendarFeed: verifiedBrowserSessionProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/tasks/calendar-feed',
        tags,
        summary: 'Turn off the calendar feed',
        description: 'The feed URL stops working; turning the feed on again gives a new URL. Needs the browser session (not an API token).',
        protect: true,
      },
      errors: { 503: FEED_NEEDS_SECRET },
    })
    .input(z.object({}).optional())
    .output(answer(ZCalendarFeedOutput))
    .mutation(({ ctx }) => disableCalendarFeed(ctx.db, ctx.session.userId)),

  parse: verifiedProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'POST',
        path: '/tasks/parse',
        tags,
        summary: 'Read plain words into a task draft (quick capture)',
        description:
          'Reads e.g. "Call Sam tomorrow 5pm !high ~30m every Monday #blue" on your time zone\'s clock into a draft ' +
          '{ title, dueDate, importance, estimatedMinutes, recurrence, color }. Nothing is saved (create it with POST /tasks). ' +
          'Words that leave no title are a 400. Parsed offline.',
        protect: true,
      },
    })
    .input(ZParseTaskInput)
    .output(answer(ZTaskDraft))
    .mutation(({ ctx, input }) => parseTaskText(ctx.db, ctx.session.userId, input.text)),

  create: verifiedProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'POST',
        path: '/tasks',
        tags,
        summary: 'Create a task or subtask',
        description:
          'Counts against the monthly task limit (subtasks and AI-suggested tasks too; 403 when reached). ' +
          "A subtask's parentTaskId must be one of your own top-level tasks. " +
          IDEMPOTENCY_NOTE,
        protect: true,
      },
      errors: { 400: 'A subtask cannot have subtasks of its own', 403: 'At the monthly task limit of the plan', 404: '`Task not found`: parentTaskId is not one of your tasks', 409: IDEMPOTENCY_CONFLICT },
    })
    .input(ZCreateTaskInput)
    .output(answer(ZTaskOutput))
    .mutation(({ ctx, input }) => createTask(ctx.db, ctx.session.userId, input, new Date(), { idempotencyKey: idempotencyKeyOf(ctx.headers), agent: ctx.agent })),

  update: taskProcedureWith(ZUpdateTaskInput)
    .meta({
      scope: 'write',
      openapi: {
        method: 'PUT',
        path: '/tasks/{id}',
        tags,
        summary: 'Edit a task',
        description:
          'Replaces title, description, importance, difficulty and dueDate (omitted ones take their defaults: ' +
          'no description, Medium, Medium, no due date). The colour, recurrence and estimatedMinutes change only when sent. ' +
          APPLY_TO_NOTE,
        protect: true,
      },
    })
    .output(answer(ZTaskOutput))
    .mutation(({ ctx, input }) => updateTask(ctx.db, ctx.task, input, new Date())),

  patch: taskProcedureWith(ZPatchTaskInput)
    .meta({
      scope: 'write',
      openapi: {
        method: 'PATCH',
        path: '/tasks/{id}',
        tags,
        summary: 'Change some fields of a task, or reopen it',
        description:
          'Only the fields sent change. `{ "completed": false, "completedAt": null }` reopens a completed task. ' +
          APPLY_TO_NOTE +
          ' ' +
          IDEMPOTENCY_NOTE,
        protect: true,
      },
      errors: { 409: IDEMPOTENCY_CONFLICT },
    })
    .output(answer(ZTaskOutput))
    .mutation(({ ctx, input }) => patchTask(ctx.db, ctx.task, input, new Date(), { idempotencyKey: idempotencyKeyOf(ctx.headers), agent: ctx.agent })),

  complete: taskProcedureWith(ZCompleteTaskInput)
    .meta({
      scope: 'write',
      openapi: {
        method: 'POST',
        path: '/tasks/{id}/complete',
        tags,
        summary: 'Complete a task',
        description:
          "Marks the task completed now; an optional sessionId (one of your own sessions) records where. Completing always completes: a repeating task's next occurrence is created in the same call, unless it would pass your plan's monthly task limit, in which case it is not created and `seriesPaused` is true. " +
          IDEMPOTENCY_NOTE,
        protect: true,
      },
      errors: { 404: '`Session not found`: sessionId is not one of your sessions', 409: IDEMPOTENCY_CONFLICT },
    })
    .output(answer(ZCompleteTaskOutput))
    .mutation(({ ctx, input }) => completeTask(ctx.db, ctx.task, input, new Date(), { idempotencyKey: idempotencyKeyOf(ctx.headers), agent: ctx.agent })),

  recordFocus: taskProcedureWith(ZRecordFocusInput)
    .meta({
      scope: 'write',
      openapi: {
        method: 'POST',
        path: '/tasks/{id}/focus',
        tags,
        summary: 'Add focused time to a task',
        description:
          'The session screen records the seconds a task was its current task while the timer ran (pauses excluded), ' +
          'in small writes (`{ "seconds": 1..14400 }` each; writes add up, so send only the time since the last write); ' +
          'the Task answer shows their sum as actualMinutes, which the planners compare with estimatedMinutes. ' +
          'Any of your tasks, open or completed; another user\'s is a 404. ' +
          IDEMPOTENCY_NOTE +
          ' (Just start sends one with each write, so that a write queued offline and replayed counts once.)',
        protect: true,
      },
      errors: { 409: IDEMPOTENCY_CONFLICT },
    })
    .output(answer(ZTaskOutput))
    .mutation(({ ctx, input }) => recordFocus(ctx.db, ctx.task, input.seconds, new Date(), { idempotencyKey: idempotencyKeyOf(ctx.headers) })),

  delete: taskProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'DELETE',
        path: '/tasks/{id}',
        tags,
        summary: 'Delete a task',
        description: 'Deletes the task and its subtasks. Deleting gives no quota back.',
        protect: true,
      },
    })
    .output(answer(ZSuccess))
    .mutation(({ ctx }) => deleteTask(ctx.db, ctx.task)),
});
