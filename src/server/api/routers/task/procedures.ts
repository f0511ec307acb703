// Ownership loader of the task router: `taskProcedure` takes `{ id }`, loads that task of the
// signed-in, verified user and puts it on ctx, or answers 404 'Task not found' (another user's
// id is never revealed).
import { ZId } from '@/lib/schemas/task';
import { getOwnTask } from '@/server/services/task.service';
import { z } from 'zod';
import { verifiedProcedure } from '../../trpc';

export const taskProcedure = verifiedProcedure
  .meta({ owns: 'Task' })
  .input(z.object({ id: ZId.describe('The task id') }))
  .use(async ({ ctx, input, next }) => {
    const task = await getOwnTask(ctx.db, ctx.session.userId, input.id);
    return next({ ctx: { ...ctx, task } });
  });
