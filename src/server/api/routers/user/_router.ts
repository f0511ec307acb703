// The signed-in user's account at /api/user*: profile, e-mail preferences, password, deletion,
// and personal access tokens (beyond the spec).
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  ZApiTokenOutput,
  ZChangePasswordInput,
  ZCreateApiTokenInput,
  ZCreatedApiToken,
  ZSuccess,
  ZUpdatePreferencesInput,
  ZUpdateProfileInput,
  ZUserOutput,
} from '@/lib/schemas/user';
import { ZSessionOutput } from '@/lib/schemas/session';
import { ZTaskOutput } from '@/lib/schemas/task';
import { clearSessionCookie, issueSessionCookie } from '@/server/auth/cookie';
import * as tokens from '@/server/services/token.service';
import * as users from '@/server/services/user.service';
import { createTRPCRouter, protectedProcedure, verifiedProcedure } from '../../trpc';

const tags = ['user'];

/** GET /api/user/export: everything the account holds, as one JSON document (beyond the spec). */
export const ZAccountExport = z.object({
  exportedAt: z.iso.datetime().describe('When this export was made'),
  profile: ZUserOutput.describe('The profile as GET /api/auth/me shows it (no password hash, no billing ids)'),
  tasks: z.array(ZTaskOutput).describe('Every task and subtask, oldest first'),
  sessions: z.array(ZSessionOutput).describe('Every session, oldest first'),
  usage: z
    .array(
      z.object({
        month: z.string().describe('YYYY-MM (UTC)'),
        tasks: z.number().int(),
        sessions: z.number().int(),
        aiBreakdowns: z.number().int(),
        aiSessions: z.number().int(),
      }),
    )
    .describe('What was created in each month'),
  apiTokens: z.array(ZApiTokenOutput).describe('Names and prefixes of your API tokens (never the tokens)'),
});

/**
 * Actions a leaked API token must not be able to take (minting more tokens, deleting the
 * account) need the browser session cookie.
 */
function assertBrowserSession(session: { via: 'cookie' | 'token' }): void {
  if (session.via !== 'cookie') {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'This action needs a signed-in browser session, not an API token' });
  }
}

export const userRouter = createTRPCRouter({
  update: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/user',
        tags,
        summary: 'Update the profile',
        description:
          'Name and/or e-mail. A changed e-mail must be verified again: the account becomes unverified and a verification e-mail goes to the new address. 409 when another account has that e-mail.',
      },
    })
    .input(ZUpdateProfileInput)
    .output(ZUserOutput)
    .mutation(({ ctx, input }) => users.updateProfile(ctx.db, ctx.session.userId, input)),

  updatePreferences: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/user/preferences',
        tags,
        summary: 'Change one e-mail preference',
        description: 'Exactly one of `emailRemindersEnabled`, `marketingEmailsEnabled`, `newsletterEnabled`.',
      },
    })
    .input(ZUpdatePreferencesInput)
    .output(ZUserOutput)
    .mutation(({ ctx, input }) => users.updatePreferences(ctx.db, ctx.session.userId, input)),

  changePassword: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/user/reset-password',
        tags,
        summary: 'Change the password',
        description:
          '400 when the current password is wrong or the new one is under 8 characters. Ends every other session of the account; this one continues with a fresh cookie.',
      },
    })
    .input(ZChangePasswordInput)
    .output(ZSuccess)
    .mutation(async ({ ctx, input }) => {
      const session = await users.changePassword(ctx.db, ctx.session.userId, input, ctx.resHeaders);
      if (ctx.session.via === 'cookie') await issueSessionCookie(ctx.resHeaders, session);
      return { success: true as const };
    }),

  delete: protectedProcedure
    .use(({ ctx, next }) => {
      assertBrowserSession(ctx.session);
      return next();
    })
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/user',
        tags,
        summary: 'Delete the account',
        description:
          'Removes the user and all their data (tasks, sessions, usage, tokens, messages) in one transaction and clears the cookie. Needs the browser session (not an API token).',
      },
    })
    .input(z.object({}).optional())
    .output(ZSuccess)
    .mutation(async ({ ctx }) => {
      await users.deleteAccount(ctx.db, ctx.session.userId);
      clearSessionCookie(ctx.resHeaders);
      return { success: true as const };
    }),

  export: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/export',
        tags,
        summary: 'Export all my data',
        description:
          'Your profile, tasks, sessions, monthly usage and API token names as one JSON document. Never includes a password hash, a token or a billing id.',
      },
    })
    .input(z.object({}).optional())
    .output(ZAccountExport)
    .query(({ ctx }) => users.exportAccount(ctx.db, ctx.session.userId)),

  listTokens: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/tokens',
        tags,
        summary: 'List personal access tokens',
        description: 'Newest first. The tokens themselves are never shown again, only their first characters.',
      },
    })
    .input(z.void())
    .output(z.array(ZApiTokenOutput))
    .query(({ ctx }) => tokens.listTokens(ctx.db, ctx.session.userId)),

  createToken: verifiedProcedure
    .use(({ ctx, next }) => {
      assertBrowserSession(ctx.session);
      return next();
    })
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/tokens',
        tags,
        summary: 'Create a personal access token',
        description:
          'Answers the token once: send it as `Authorization: Bearer <token>` on any REST call. Needs a verified e-mail and the browser session; at most 25 tokens.',
      },
    })
    .input(ZCreateApiTokenInput)
    .output(ZCreatedApiToken)
    .mutation(({ ctx, input }) => tokens.createToken(ctx.db, ctx.session.userId, input)),

  revokeToken: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/user/tokens/{id}',
        tags,
        summary: 'Revoke a personal access token',
        description: 'The token stops working at once. 404 when no token of yours has this id.',
      },
    })
    .input(z.object({ id: z.string().min(1).max(64).describe('The token id') }))
    .output(ZSuccess)
    .mutation(async ({ ctx, input }) => {
      await tokens.revokeToken(ctx.db, ctx.session.userId, input.id);
      return { success: true as const };
    }),
});
