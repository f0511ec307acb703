// The signed-in user's account at /api/user*: profile, e-mail preferences, password, deletion,
// and personal access tokens (an extra of this server).
import { z } from 'zod';
import {
  ZAgentWrite,
  ZApiTokenOutput,
  ZListedApiToken,
  ZOAuthConnection,
  ZChangePasswordInput,
  ZCreateApiTokenInput,
  ZCreatedApiToken,
  ZDeleteAccountInput,
  ZSuccess,
  ZUpdatePreferencesInput,
  ZUpdateProfileInput,
  ZUserOutput,
} from '@/lib/schemas/user';
import { ZFocusSessionOutput } from '@/lib/schemas/session';
import { ZTaskOutput } from '@/lib/schemas/task';
import { clearSessionCookie, issueSessionCookie } from '@/server/auth/cookie';
import { rememberDevice } from '@/server/auth/known-device';
import { ZPhaseEndPushInput, ZPushPublicKeyOutput, ZPushSubscriptionDeleteInput, ZPushSubscriptionInput, ZPushSubscriptionOutput } from '@/lib/schemas/push';
import * as push from '@/server/services/push.service';
import { undoAgentWrite } from '@/server/services/agent-write.service';
import * as tokens from '@/server/services/token.service';
import * as connections from '@/server/services/oauth/connection.service';
import * as users from '@/server/services/user.service';
import { MAIL_DOWN, RATE_LIMITED_MAIL, RATE_LIMITED_PASSWORD } from '../../responses';
import {
  browserSessionProcedure,
  browserSessionRequired,
  createTRPCRouter,
  protectedProcedure,
  verifiedBrowserSessionProcedure,
} from '../../trpc';
import { answer } from '@/server/api/answers';

const tags = ['user'];

/** GET /api/user/export: everything the account holds, as one JSON document (an extra of this server). */
const ZAccountExport = z.object({
  exportedAt: z.iso.datetime().describe('When this export was made'),
  profile: ZUserOutput.describe('The profile as GET /api/auth/me shows it (no password hash, no billing ids)'),
  tasks: z.array(ZTaskOutput).describe('Every task and subtask, oldest first'),
  sessions: z.array(ZFocusSessionOutput).describe('Every session, oldest first'),
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
  dayLines: z.array(z.object({ date: z.string().describe('YYYY-MM-DD'), line: z.string() })).describe("The evening check-in's lines, one per day, oldest first"),
});

export const userRouter = createTRPCRouter({
  update: protectedProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'PATCH',
        path: '/user',
        tags,
        summary: 'Update the profile',
        description:
          'Name at once. A new e-mail needs `currentPassword` and is a request: the account keeps its address and access, the answer shows it as `pendingEmail`, a link goes to the new address (opening it makes the change) and a notice to the current one. 409 when another account has that e-mail; 403 for an e-mail change with an API token.',
      },
      errors: { 400: 'A new e-mail address needs the current password, and it was missing or wrong', 409: 'The new e-mail address already has an account', 429: `${RATE_LIMITED_PASSWORD}, or ${RATE_LIMITED_MAIL}`, 503: MAIL_DOWN },
    })
    .input(ZUpdateProfileInput)
    .output(answer(ZUserOutput))
    .mutation(({ ctx, input }) => {
      // The sign-in address is a key of the account: a personal access token cannot move it.
      if (input.email !== undefined && ctx.session.via !== 'cookie') throw browserSessionRequired();
      return users.updateProfile(ctx.db, ctx.session.userId, input, ctx.resHeaders);
    }),

  cancelEmailChange: browserSessionProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/user/email-change',
        tags,
        summary: 'Cancel a pending e-mail change',
        description: 'The link mailed to the new address stops working; the account keeps its address. Needs the browser session (not an API token).',
      },
    })
    .input(z.object({}).optional())
    .output(answer(ZUserOutput))
    .mutation(({ ctx }) => users.cancelEmailChange(ctx.db, ctx.session.userId)),

  pushPublicKey: protectedProcedure
    .meta({
      scope: 'read',
      openapi: {
        method: 'GET',
        path: '/user/push-public-key',
        tags,
        summary: "The app's Web Push (VAPID) public key",
        description:
          "The `applicationServerKey` a browser subscribes its push manager with (base64url), or null when this server sends no pushes (the focus session then keeps its in-tab chime).",
      },
    })
    .input(z.object({}).optional())
    .output(answer(ZPushPublicKeyOutput))
    .query(() => ({ publicKey: push.vapidConfig()?.publicKey ?? null })),

  addPushSubscription: protectedProcedure
    .meta({
      // Receiving reminders is reading (their text is task titles): a write-only token must not
      // open that channel, and a read-only one may.
      scope: 'read',
      openapi: {
        method: 'POST',
        path: '/user/push-subscriptions',
        tags,
        summary: 'Store a Web Push subscription',
        description:
          "A browser's PushSubscription JSON (`endpoint`, `keys.p256dh`, `keys.auth`): this browser then gets a notification at a focus session's phase end. 201; sending the same endpoint again updates it. Registered with a personal access token, it is removed when that token is revoked; sign out everywhere and a password reset by mail remove every subscription of the account. The endpoint must be an https/http URL of a public address (400 for loopback, private, link-local, CGNAT and their IPv4-mapped forms; checked again after DNS when sending). At most 10 per account: the oldest is dropped. An endpoint registered by another account moves only from that browser's own signed-in session (the same `keys.auth`), else 409.",
      },
      errors: { 409: 'This endpoint belongs to another account: it moves only from that browser’s own signed-in session (same keys.auth)' },
    })
    .input(ZPushSubscriptionInput)
    .output(answer(ZPushSubscriptionOutput))
    .mutation(({ ctx, input }) => push.savePushSubscription(ctx.db, ctx.session.userId, input, { apiTokenId: ctx.session.tokenId ?? null, browserSessionId: ctx.session.sessionId ?? null })),

  deletePushSubscription: protectedProcedure
    .meta({
      // Receiving reminders is reading (their text is task titles): a write-only token must not
      // open that channel, and a read-only one may.
      scope: 'read',
      openapi: {
        method: 'DELETE',
        path: '/user/push-subscriptions',
        tags,
        summary: 'Forget a Web Push subscription',
        description: 'By its `endpoint` (JSON body). 200 whether or not it was stored.',
      },
    })
    .input(ZPushSubscriptionDeleteInput)
    .output(answer(ZSuccess))
    .mutation(({ ctx, input }) => push.deletePushSubscription(ctx.db, ctx.session.userId, input.endpoint)),

  schedulePhaseEndPush: protectedProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'PUT',
        path: '/user/phase-end-push',
        tags,
        summary: "Push at the focus session's phase end",
        description:
          "Beyond the contract: the browser says when the running phase of a focus session ends (`sendAt`) and what to say; at that time each of the user's browsers with a push subscription is notified, even with the tab closed. One per focus session: a new phase replaces it.",
      },
    })
    .input(ZPhaseEndPushInput)
    .output(answer(ZSuccess))
    .mutation(({ ctx, input }) => push.schedulePhaseEndPush(ctx.db, ctx.session.userId, input)),

  cancelPhaseEndPush: protectedProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'DELETE',
        path: '/user/phase-end-push',
        tags,
        summary: 'Cancel the phase-end push',
        description: 'On pause or stop: `focusSessionId` (JSON body). 200 whether or not one was scheduled.',
      },
    })
    .input(z.object({ focusSessionId: z.string().min(1).max(100) }))
    .output(answer(ZSuccess))
    .mutation(({ ctx, input }) => push.cancelPhaseEndPush(ctx.db, ctx.session.userId, input.focusSessionId)),

  updatePreferences: protectedProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'PATCH',
        path: '/user/preferences',
        tags,
        summary: 'Change one notification preference',
        description: 'Exactly one of `emailRemindersEnabled`, `marketingEmailsEnabled`, `newsletterEnabled`, `pushRemindersEnabled`.',
      },
    })
    .input(ZUpdatePreferencesInput)
    .output(answer(ZUserOutput))
    .mutation(({ ctx, input }) => users.updatePreferences(ctx.db, ctx.session.userId, input)),

  changePassword: browserSessionProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/user/reset-password',
        tags,
        summary: 'Change the password',
        description:
          '400 when the current password is wrong or the new one is under 8 characters. Ends every other session of the account and removes the push subscriptions those sessions registered; this one continues with a fresh cookie. Needs the browser session (not an API token).',
      },
      errors: { 400: 'The current password is wrong', 429: RATE_LIMITED_PASSWORD },
    })
    .input(ZChangePasswordInput)
    .output(answer(ZSuccess))
    .mutation(async ({ ctx, input }) => {
      const session = await users.changePassword(ctx.db, ctx.session.userId, input, ctx.resHeaders, ctx.session.sessionId);
      // This browser goes on as the same session (its id kept), signed in afresh.
      await issueSessionCookie(ctx.resHeaders, session, { sessionId: ctx.session.sessionId });
      // The new password revokes every device's known-device proof; this device gets a fresh one.
      rememberDevice(ctx.headers, ctx.resHeaders, session);
      return { success: true as const };
    }),

  delete: browserSessionProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/user',
        tags,
        summary: 'Delete the account',
        description:
          'Needs the account password as `{ "password": "..." }` in the JSON body. Removes the user and all their data (tasks, sessions, usage, tokens, messages) in one transaction and clears the cookie. 400 when the password is wrong; needs the browser session (not an API token).',
      },
      errors: { 400: 'The password is wrong', 429: RATE_LIMITED_PASSWORD, 503: 'Stripe could not be reached to end a Plus subscription' },
    })
    .input(ZDeleteAccountInput)
    .output(answer(ZSuccess))
    .mutation(async ({ ctx, input }) => {
      await users.deleteAccount(ctx.db, ctx.session.userId, input, ctx.resHeaders);
      clearSessionCookie(ctx.resHeaders);
      return { success: true as const };
    }),

  export: protectedProcedure
    .meta({
      scope: 'read',
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
    .output(answer(ZAccountExport))
    .query(({ ctx }) => users.exportAccount(ctx.db, ctx.session.userId)),

  listTokens: browserSessionProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/tokens',
        tags,
        summary: 'List personal access tokens',
        description:
          'Newest first, each with its `scopes`, `expiresAt`, `lastUsedAt` and `recentWrites` (what an assistant changed with it through the MCP connector at /api/mcp). The tokens themselves are never shown again, only their first characters. Needs the browser session (not an API token).',
      },
    })
    .input(z.void())
    .output(answer(z.array(ZListedApiToken)))
    .query(({ ctx }) => tokens.listTokens(ctx.db, ctx.session.userId)),

  createToken: verifiedBrowserSessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/tokens',
        tags,
        summary: 'Create a personal access token',
        description:
          'Answers the token once: send it as `Authorization: Bearer <token>`. `scopes` (default both): `read` for every GET of tasks, sessions, today, calendars and stats; `write` for creating, changing, completing and deleting tasks and sessions, parse, fresh start and focus; a call outside them is a 403 with `reason: scope_required`. `expiresInDays` 1-365, or null for never (default 90); an expired token is a 401. A token never reaches the e-mail, password, tokens, calendar feed URL, billing or account deletion (403, `reason: browser_session_required`). Needs a verified e-mail and the browser session; at most 25 tokens.',
      },
      errors: { 400: 'The most API tokens an account can have already exist' },
    })
    .input(ZCreateApiTokenInput)
    .output(answer(ZCreatedApiToken))
    .mutation(({ ctx, input }) => tokens.createToken(ctx.db, ctx.session.userId, input)),

  undoAgentWrite: browserSessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/agent-writes/{id}/undo',
        tags,
        summary: "Undo an assistant's write",
        description:
          'One of `recentWrites` (what an assistant did through the MCP connector), put back in one transaction: a task it created is deleted, a change or completion gets the fields\' previous values back (a repeating task\'s next occurrence made by the completion goes too), a focus session it started is removed. Answers the record with `undoneAt`. 404 when no record of yours has this id; 409 when it was undone already, or when what it touched changed since (a field it set has another value now; the task was focused on or got subtasks; a task was created or completed in the session), because undoing would lose your own changes. Needs the browser session (not an API token).',
      },
      errors: { 404: '`Agent write not found`: none of yours has this id', 409: 'Already undone, or what it touched changed since' },
    })
    .input(z.object({ id: z.string().min(1).max(64).describe('The record id (recentWrites[].id)') }))
    .output(answer(ZAgentWrite))
    .mutation(({ ctx, input }) => undoAgentWrite(ctx.db, ctx.session.userId, input.id)),

  revokeToken: browserSessionProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/user/tokens/{id}',
        tags,
        summary: 'Revoke a personal access token',
        description: 'The token stops working at once, and the push subscriptions registered with it are removed. 404 when no token of yours has this id. Needs the browser session (not an API token).',
      },
      errors: { 404: '`API token not found`: none of yours has this id' },
    })
    .input(z.object({ id: z.string().min(1).max(64).describe('The token id') }))
    .output(answer(ZSuccess))
    .mutation(async ({ ctx, input }) => {
      await tokens.revokeToken(ctx.db, ctx.session.userId, input.id);
      return { success: true as const };
    }),

  listConnectedApps: browserSessionProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/connected-apps',
        tags,
        summary: 'List apps connected with OAuth',
        description:
          'The assistants you allowed on the consent screen (OAuth 2.1 through the MCP connector at /api/mcp), most recently connected first: each with its registered name (not verified by Onething), the hosts it returns to, `scopes`, `connectedAt`, `lastUsedAt` and `recentWrites` (what it changed). Needs the browser session (not an API token).',
      },
    })
    .input(z.void())
    .output(answer(z.array(ZOAuthConnection)))
    .query(({ ctx }) => connections.listConnections(ctx.db, ctx.session.userId)),

  revokeConnectedApp: browserSessionProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/user/connected-apps/{id}',
        tags,
        summary: 'Disconnect an app connected with OAuth',
        description:
          'Every access and refresh token of the connection stops working at once; the app has to ask again (the consent screen) to reconnect. What it changed stays. 404 when no connection of yours has this id. Needs the browser session (not an API token).',
      },
      errors: { 404: '`Connected app not found`: none of yours has this id' },
    })
    .input(z.object({ id: z.string().min(1).max(64).describe('The connection id') }))
    .output(answer(ZSuccess))
    .mutation(async ({ ctx, input }) => {
      await connections.revokeConnection(ctx.db, ctx.session.userId, input.id);
      return { success: true as const };
    }),
});
