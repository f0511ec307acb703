// The focus session router (key `session`, paths /sessions): wiring only (schemas in src/lib/schemas/session.ts, rules in
// src/server/services/focus-session.service.ts). The AI calls (/sessions/ai-plan, /ai-generate)
// live in the AI router; static paths come before /sessions/{id}.
import { SESSION_LIST_MAX, ZCreateFocusSessionInput, ZFocusSessionOutput } from '@/lib/schemas/session';
import { TASK_LIST_MAX, ZTaskOutput } from '@/lib/schemas/task';
import { createFocusSession, deleteFocusSession, focusSessionTasks, listFocusSessions, toFocusSessionOutput } from '@/server/services/focus-session.service';
import { z } from 'zod';
import { createTRPCRouter, verifiedProcedure } from '../../trpc';
import { focusSessionProcedure } from './procedures';
import { answer } from '@/server/api/answers';

const tags = ['sessions'];

export const focusSessionRouter = createTRPCRouter({
  list: verifiedProcedure
    .meta({
      scope: 'read',
      openapi: {
        method: 'GET',
        path: '/sessions',
        tags,
        summary: 'List your sessions',
        description: `Newest first by start time; at most ${SESSION_LIST_MAX}.`,
        protect: true,
      },
    })
    .input(z.object({}).optional())
    .output(answer(z.array(ZFocusSessionOutput)))
    .query(({ ctx }) => listFocusSessions(ctx.db, ctx.session.userId)),

  create: verifiedProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'POST',
        path: '/sessions',
        tags,
        summary: 'Start a session',
        description:
          "Counts against the monthly session limit, and an AI session (sessionType 'ai') also against the AI session limit " +
          '(403 when reached). Defaults: displayMode clock, maxTasks 5, pomodoro 25/5, dueDate now, and a default name.',
        protect: true,
      },
      errors: { 403: 'At the session or AI session limit of the plan', 404: '`Task not found`: a selected task is not yours' },
    })
    .input(ZCreateFocusSessionInput)
    .output(answer(ZFocusSessionOutput))
    .mutation(({ ctx, input }) => createFocusSession(ctx.db, ctx.session.userId, input, new Date(), { agent: ctx.agent })),

  get: focusSessionProcedure
    .meta({ scope: 'read', openapi: { method: 'GET', path: '/sessions/{id}', tags, summary: 'One of your sessions', description: 'The session: its name, display mode, timer settings and selected task ids in order.', protect: true } })
    .output(answer(ZFocusSessionOutput))
    .query(({ ctx }) => toFocusSessionOutput(ctx.focusSession)),

  tasks: focusSessionProcedure
    .meta({
      scope: 'read',
      openapi: {
        method: 'GET',
        path: '/sessions/{id}/tasks',
        tags,
        summary: 'The tasks of a session',
        description: `The tasks created in or completed in the session, oldest first; at most ${TASK_LIST_MAX}.`,
        protect: true,
      },
    })
    .output(answer(z.array(ZTaskOutput)))
    .query(({ ctx }) => focusSessionTasks(ctx.db, ctx.focusSession)),

  delete: focusSessionProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'DELETE',
        path: '/sessions/{id}',
        tags,
        summary: 'Delete a session',
        description: 'Its tasks stay, unlinked from it. Deleting gives no quota back.',
        protect: true,
      },
    })
    .output(answer(z.object({ success: z.literal(true) })))
    .mutation(({ ctx }) => deleteFocusSession(ctx.db, ctx.focusSession)),
});
