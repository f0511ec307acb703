// The AI router: session planning, task breakdown and AI session creation, on both doors.
// Thin: schemas from src/lib/schemas/ai.ts, the rules in the planning and breakdown services.
import {
  ZAiGenerateInput,
  ZAiGenerateOutput,
  ZAiPlanInput,
  ZAiPlanOutput,
  ZBreakdownInput,
  ZBreakdownOutput,
} from '@/lib/schemas/ai';
import { breakdownTask } from '@/server/services/breakdown.service';
import { generateFocusSession, planFocusSession } from '@/server/services/planning.service';
import { enforceRateLimit, RATE_LIMITS, rateLimitKey } from '@/server/services/rate-limit.service';
import { AI_DOWN, RATE_LIMITED_PLANNING } from '../../responses';
import type { Context } from '../../trpc';
import { createTRPCRouter, verifiedProcedure } from '../../trpc';
import { answer } from '@/server/api/answers';

const PLANNER_NOTE =
  'Answered by the configured OpenAI-compatible model, or by the built-in planner (deterministic rules) when none is configured; `planner` says which. 503 `AI is unavailable right now` when the model fails.';

/**
 * AI calls per user per hour (docs/api-contract.md), one count shared by planning, ai-generate and
 * task breakdown, on every plan: each may call the configured model, so a script cannot run up the
 * AI bill. Counted whether or not the call's result is used.
 */
async function limitAiCalls(ctx: Pick<Context, 'db' | 'resHeaders'>, userId: string): Promise<void> {
  await enforceRateLimit(ctx, { key: rateLimitKey('ai-plan', userId), ...RATE_LIMITS.aiPlanPerUser }, 'Too many AI requests');
}

export const aiRouter = createTRPCRouter({
  plan: verifiedProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'POST',
        path: '/sessions/ai-plan',
        tags: ['ai'],
        summary: 'Plan a focus session for your mood',
        description: `Recommends some of your own incomplete tasks for the mood and display mode, with reasons, times and advice. Not metered (the AI session created afterwards is), but refused with 403 when you are at your session or AI session limit, and limited to ${RATE_LIMITS.aiPlanPerUser.limit} planning calls per hour (429 with Retry-After). ${PLANNER_NOTE}`,
        protect: true,
      },
      errors: { 403: 'At the session or AI session limit of the plan', 429: RATE_LIMITED_PLANNING, 503: AI_DOWN },
    })
    .input(ZAiPlanInput)
    .output(answer(ZAiPlanOutput))
    .mutation(async ({ ctx, input }) => {
      await limitAiCalls(ctx, ctx.session.userId);
      return planFocusSession(ctx.db, ctx.session.userId, input);
    }),

  generate: verifiedProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'POST',
        path: '/sessions/ai-generate',
        tags: ['ai'],
        summary: 'Plan and start an AI session in one call',
        description: `Plans a session (as ai-plan) and creates it as an AI session with the recommended tasks. Counts against the session and AI session limits (403 when reached); a planning call for the rate limit. ${PLANNER_NOTE}`,
        protect: true,
      },
      errors: { 403: 'At the session or AI session limit of the plan', 404: 'A recommended task is no longer yours', 429: RATE_LIMITED_PLANNING, 503: AI_DOWN },
    })
    .input(ZAiGenerateInput)
    .output(answer(ZAiGenerateOutput))
    .mutation(async ({ ctx, input }) => {
      await limitAiCalls(ctx, ctx.session.userId);
      return generateFocusSession(ctx.db, ctx.session.userId, input);
    }),

  breakdown: verifiedProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'POST',
        path: '/tasks/{id}/breakdown',
        tags: ['ai'],
        summary: 'Break a task into subtasks',
        description: `Proposes subtasks (with estimates, difficulty and an optional deadline no later than the task's due date) and tips; nothing is created. Counts against the AI breakdown limit (403 when reached) only when it succeeds. Shares the AI limit of ${RATE_LIMITS.aiPlanPerUser.limit} calls per hour with session planning, on every plan (429 with Retry-After). 404 for a task that is not yours. ${PLANNER_NOTE}`,
        protect: true,
      },
      errors: { 403: 'At the AI breakdown limit of the plan', 404: '`Task not found`: none of yours has this id', 429: RATE_LIMITED_PLANNING, 503: AI_DOWN },
    })
    .input(ZBreakdownInput)
    .output(answer(ZBreakdownOutput))
    .mutation(async ({ ctx, input }) => {
      await limitAiCalls(ctx, ctx.session.userId);
      return breakdownTask(ctx.db, ctx.session.userId, input);
    }),
});
