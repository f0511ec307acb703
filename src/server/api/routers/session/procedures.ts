// Ownership loader of the session router: `focusSessionProcedure` takes `{ id }`, loads that session
// of the signed-in, verified user and puts it on ctx, or answers 404 'Session not found'.
import { ZId } from '@/lib/schemas/task';
import { getOwnSession } from '@/server/services/session.service';
import { z } from 'zod';
import { verifiedProcedure } from '../../trpc';

export const focusSessionProcedure = verifiedProcedure
  .meta({ owns: 'Session' })
  .input(z.object({ id: ZId.describe('The session id') }))
  .use(async ({ ctx, input, next }) => {
    const session = await getOwnSession(ctx.db, ctx.session.userId, input.id);
    return next({ ctx: { ...ctx, focusSession: session } });
  });
