// Accounts at /api/auth/*: sign-up, sign-in, sign-out, me, verification and forgotten
// passwords. The JSON sign-in and sign-up set next-auth's own session cookie (see
// src/server/auth/cookie.ts); the REST paths live beside next-auth's routes through the
// dispatcher in src/app/api/auth/[...nextauth]/route.ts.
import { z } from 'zod';
import {
  ZForgotPasswordInput,
  ZResetPasswordInput,
  ZSigninInput,
  ZSignupInput,
  ZSignupOutput,
  ZSuccess,
  ZUserAnswer,
  ZUserOutput,
  ZVerifyEmailInput,
  ZVerifyEmailOutput,
} from '@/lib/schemas/user';
import { clientIp } from '@/server/auth/client-ip';
import { clearSessionCookie, issueSessionCookie, SESSION_REFRESH_AFTER_SECONDS } from '@/server/auth/cookie';
import * as auth from '@/server/services/auth.service';
import { getUser } from '@/server/services/user.service';
import { MAIL_DOWN, RATE_LIMITED_MAIL, RATE_LIMITED_SIGNIN, RATE_LIMITED_SIGNUP } from '../../responses';
import { browserSessionProcedure, createTRPCRouter, protectedProcedure, publicProcedure } from '../../trpc';
import { answer } from '@/server/api/answers';

const tags = ['auth'];

export const authRouter = createTRPCRouter({
  signup: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/signup',
        tags,
        summary: 'Create an account',
        description:
          'Creates the account, signs it in (session cookie) and sends the verification e-mail. 409 when the e-mail already has an account; 30 sign-ups per IP per hour. If the mail cannot be sent the account still exists and `verificationEmailSent` is false.',
        protect: false,
      },
      errors: { 409: 'An account with this e-mail already exists', 429: RATE_LIMITED_SIGNUP },
    })
    .input(ZSignupInput)
    .output(answer(ZSignupOutput))
    .mutation(async ({ ctx, input }) => {
      const result = await auth.signup(ctx.db, input, { ip: clientIp(ctx.headers, ctx.remoteAddress), resHeaders: ctx.resHeaders, headers: ctx.headers });
      await issueSessionCookie(ctx.resHeaders, result.session);
      return { user: result.user, verificationEmailSent: result.verificationEmailSent };
    }),

  signin: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/signin',
        tags,
        summary: 'Sign in',
        description:
          'Sets the session cookie. 401 `Invalid email or password` for an unknown e-mail and a wrong password alike; failed sign-ins are limited to 10 per account and 100 per IP per 15 minutes (429 with Retry-After). A device that signed in to the account before has its own 10 per 15 minutes, so guesses from elsewhere cannot lock the owner out of it.',
        protect: false,
      },
      errors: { 401: '`Invalid email or password` (an unknown e-mail and a wrong password alike)', 429: RATE_LIMITED_SIGNIN },
    })
    .input(ZSigninInput)
    .output(answer(ZUserAnswer))
    .mutation(async ({ ctx, input }) => {
      const result = await auth.signin(ctx.db, input, { ip: clientIp(ctx.headers, ctx.remoteAddress), resHeaders: ctx.resHeaders, headers: ctx.headers });
      await issueSessionCookie(ctx.resHeaders, result.session);
      return { user: result.user };
    }),

  signout: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/signout',
        tags,
        summary: 'Sign out',
        description:
          'Clears the cookie and ends this browser session server-side (other devices stay signed in; see POST /api/auth/signout-everywhere). Personal access tokens stay valid. Answers success when already signed out.',
        protect: false,
      },
    })
    .input(z.object({}).optional())
    .output(answer(ZSuccess))
    .mutation(async ({ ctx }) => {
      await auth.signout(ctx.db, ctx.session);
      clearSessionCookie(ctx.resHeaders);
      return { success: true as const };
    }),

  signoutEverywhere: browserSessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/signout-everywhere',
        tags,
        summary: 'Sign out everywhere',
        description:
          'Ends every browser session of this account, this one included, and clears the cookie. Personal access tokens stay valid (revoke them one by one). Needs the browser session (not an API token).',
      },
    })
    .input(z.object({}).optional())
    .output(answer(ZSuccess))
    .mutation(async ({ ctx }) => {
      await auth.signoutEverywhere(ctx.db, ctx.session.userId);
      clearSessionCookie(ctx.resHeaders);
      return { success: true as const };
    }),

  me: protectedProcedure
    .meta({
      scope: 'read',
      openapi: {
        method: 'GET',
        path: '/auth/me',
        tags,
        summary: 'The signed-in user',
        description: 'The User: profile, verification, plan, usage this month and limits. 401 when signed out.',
      },
    })
    .input(z.void())
    .output(answer(ZUserOutput))
    .query(async ({ ctx }) => {
      const user = await getUser(ctx.db, ctx.session.userId);
      // Re-issue an active browser session's cookie once a day, keeping its sign-in time and id:
      // it still ends 30 days after the sign-in.
      const issuedAt = ctx.session.issuedAt;
      if (ctx.session.via === 'cookie' && issuedAt !== undefined && Date.now() / 1000 - issuedAt > SESSION_REFRESH_AFTER_SECONDS) {
        const version = await ctx.db.user.findUnique({ where: { id: user.id }, select: { sessionVersion: true } });
        if (version) {
          await issueSessionCookie(ctx.resHeaders, { id: user.id, sessionVersion: version.sessionVersion }, {
            signedInAt: ctx.session.signedInAt,
            sessionId: ctx.session.sessionId,
          });
        }
      }
      return user;
    }),

  forgotPassword: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/forgot-password',
        tags,
        summary: 'Send a password-reset link',
        description:
          'Answers the same whether or not the account exists, and e-mails a one-time link (valid 1 hour) to `/forgot-password/reset?email=…&token=…`. 5 per address per hour.',
        protect: false,
      },
      errors: { 429: RATE_LIMITED_MAIL },
    })
    .input(ZForgotPasswordInput)
    .output(answer(ZSuccess))
    .mutation(async ({ ctx, input }) => {
      await auth.forgotPassword(ctx.db, input, ctx.resHeaders);
      return { success: true as const };
    }),

  resetPassword: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/reset-password',
        tags,
        summary: 'Set a new password from a reset link',
        description:
          'An extra of the API: `{ email, token, newPassword }` from the reset link. The token works once and expires after 1 hour (400 otherwise). Every session of the account ends; sign in with the new password.',
        protect: false,
      },
      errors: { 400: 'The reset link is wrong, used or expired' },
    })
    .input(ZResetPasswordInput)
    .output(answer(ZSuccess))
    .mutation(async ({ ctx, input }) => {
      await auth.resetPassword(ctx.db, input);
      return { success: true as const };
    }),

  verifyEmail: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/verify-email',
        tags,
        summary: 'Verify an e-mail address',
        description:
          'The e-mail and token from the verification link `/verify/{email}/{token}`. Answers `verified`, or `already` when the address was verified before; 400 for a wrong or expired token.',
        protect: false,
      },
      errors: { 400: 'The verification link is wrong or expired' },
    })
    .input(ZVerifyEmailInput)
    .output(answer(ZVerifyEmailOutput))
    .query(({ ctx, input }) => auth.verifyEmail(ctx.db, input)),

  resendVerification: browserSessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/resend-verification',
        tags,
        summary: 'Send the verification e-mail again',
        description:
          '429 with Retry-After within 60 seconds of the last send (and after 5 mails per address per hour); 503 when the mail cannot be sent right now; 400 when already verified.',
      },
      errors: { 400: 'The e-mail address is already verified', 429: 'A verification e-mail was sent less than 60 seconds ago, or 5 were sent to this address this hour', 503: MAIL_DOWN },
    })
    .input(z.object({}).optional())
    .output(answer(ZSuccess))
    .mutation(async ({ ctx }) => {
      await auth.resendVerification(ctx.db, ctx.session.userId, ctx.resHeaders);
      return { success: true as const };
    }),
});
