// Ownership loader of the focus session router: `focusSessionProcedure` takes `{ id }`, loads that
// focus session of the signed-in, verified user and puts it on ctx, or answers 404 'Session not found'.
import { ZId } from '@/lib/schemas/task';
import { getOwnFocusSession } from '@/server/services/focus-session.service';
import { z } from 'zod';
import { verifiedProcedure } from '../../trpc';

export const focusSessionProcedure = verifiedProcedure
  .meta({ owns: 'Session' })
  .input(z.object({ id: ZId.describe('The session id') }))
  .use(async ({ ctx, input, next }) => {
    const focusSession = await getOwnFocusSession(ctx.db, ctx.session.userId, input.id);
    return next({ ctx: { ...ctx, focusSession } });
  });
