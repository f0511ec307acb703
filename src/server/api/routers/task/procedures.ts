// Ownership loader of the task router: a task procedure takes an input with the task's `id`, loads
// that task of the signed-in, verified user and puts it on ctx, or answers 404 'Task not found'
// (another user's id is never revealed). A procedure that takes more than the id passes its whole
// input (`id` included) to `taskProcedureWith`: one input schema per procedure, since
// trpc-to-openapi merges stacked inputs into a new zod schema on every REST call (~6 % of a
// PATCH's server CPU in a profile; docs/architecture.md, "The REST door's tail").
import { ZId } from '@/lib/schemas/task';
import { getOwnTask } from '@/server/services/task.service';
import { z } from 'zod';
import { verifiedProcedure } from '../../trpc';

/** The task procedure whose input is `input` (an object schema with the task's `id`). */
export function taskProcedureWith<Input extends z.ZodObject<{ id: typeof ZId }>>(input: Input) {
  return verifiedProcedure
    .meta({ owns: 'Task' })
    .input(input)
    .use(async ({ ctx, input: parsed, next }) => {
      const task = await getOwnTask(ctx.db, ctx.session.userId, (parsed as { id: string }).id);
      return next({ ctx: { ...ctx, task } });
    });
}

/** The task procedure that takes only `{ id }`. */
export const taskProcedure = taskProcedureWith(z.object({ id: ZId.describe('The task id') }));
