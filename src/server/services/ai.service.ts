// What the planner and the breakdown share: the up-front allowance check (so a user already at
// a plan limit costs no provider call), and the task fields a planner may see.
import type { UsageKind } from '@/lib/constants';
import { appError } from '@/server/errors';
import type { Db } from '@/server/db';
import { getUsage, limitError, limitsFor } from './usage.service';

const USED: Record<UsageKind, keyof Awaited<ReturnType<typeof getUsage>>> = {
  tasks: 'tasksCreatedThisMonth',
  sessions: 'sessionsCreatedThisMonth',
  aiBreakdowns: 'aiBreakdownsThisMonth',
  aiSessions: 'aiSessionsThisMonth',
};

/**
 * Refuses with the plan's 403 when the user has no `kind` left this month. A read only: the
 * counting (and the final word under concurrency) is meterUsage, in the write's transaction.
 */
export async function assertAllowance(db: Db, userId: string, kinds: UsageKind[], now = new Date()): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { subscriptionTier: true } });
  if (!user) throw appError('NOT_FOUND', 'Not found');
  const limits = limitsFor(user.subscriptionTier);
  const usage = await getUsage(db, userId, now);
  for (const kind of kinds) {
    const max = limits[kind];
    if (max !== null && usage[USED[kind]] >= max) {
      throw limitError(kind, max, user.subscriptionTier);
    }
  }
}

/** The only task fields a planner sees: no description, no e-mail or name, nothing of other users. */
export const PLANNER_TASK_SELECT = {
  id: true,
  title: true,
  importance: true,
  difficulty: true,
  dueDate: true,
  createdAt: true,
  estimatedMinutes: true,
} as const;
