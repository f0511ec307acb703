// POST /api/contact: the contact form (public; linked to the user when signed in).
import { ZContactInput } from '@/lib/schemas/contact';
import { ZSuccess } from '@/lib/schemas/user';
import { clientIp } from '@/server/auth/client-ip';
import { sendContactMessage } from '@/server/services/contact.service';
import { RATE_LIMITED_CONTACT } from '../../responses';
import { createTRPCRouter, publicProcedure } from '../../trpc';
import { answer } from '@/server/api/answers';

export const contactRouter = createTRPCRouter({
  send: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/contact',
        tags: ['contact'],
        summary: 'Send a message to the team',
        description:
          'Stores the message and e-mails it to the operator. If the e-mail cannot be sent the message is still stored and the answer is still a success. 10 messages per IP per hour.',
        protect: false,
      },
      errors: { 429: RATE_LIMITED_CONTACT },
    })
    .input(ZContactInput)
    .output(answer(ZSuccess))
    .mutation(async ({ ctx, input }) => {
      await sendContactMessage(ctx.db, ctx.session?.userId ?? null, input, { ip: clientIp(ctx.headers, ctx.remoteAddress), resHeaders: ctx.resHeaders });
      return { success: true as const };
    }),
});
