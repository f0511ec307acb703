// Account schemas shared by the server (tRPC and REST) and the browser app: the User answer of
// docs/api-contract.md and the inputs of the auth and user routers. Messages are the product's where it has them.
import './zod-config';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, SUBSCRIPTION_TIERS } from '@/lib/constants';
import { isBlankPassword, isCommonPassword, PASSWORD_BLANK, PASSWORD_TOO_COMMON } from '@/lib/password-rules';
import { normalizeTimeZone, TIME_ZONE_MAX } from '@/lib/time-zone';

const NAME_MAX = 100;
const EMAIL_MAX = 254;
/** Long enough for any passphrase, short enough that hashing stays cheap. */
const PASSWORD_MAX = 256;
const API_TOKEN_NAME_MAX = 100;

/** A required text field: a missing one says the product's 'Please fill in all fields'. */
const requiredString = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'Please fill in all fields' : undefined) });

const ZEmail = requiredString()
  .trim()
  .toLowerCase()
  .min(1, 'Please enter your email address')
  .max(EMAIL_MAX, 'That email address is too long')
  .regex(z.regexes.email, 'Please enter a valid email address')
  .describe('E-mail address (compared case-insensitively)');

const ZName = requiredString()
  .trim()
  .min(1, 'Please enter your name')
  .max(NAME_MAX, `Your name can be at most ${NAME_MAX} characters`)
  .describe('Display name');

const UNKNOWN_TIME_ZONE = 'Unknown time zone: use an IANA name such as Europe/London';

/** An IANA time zone name, its case fixed; anything else (offsets, typos) is refused. */
const ZTimeZone = z
  .string()
  .max(TIME_ZONE_MAX, UNKNOWN_TIME_ZONE)
  .refine((zone) => normalizeTimeZone(zone) !== null, UNKNOWN_TIME_ZONE)
  .transform((zone) => normalizeTimeZone(zone)!)
  .describe('IANA time zone name, e.g. Europe/London or America/New_York');

/**
 * A new password: at least 8 characters, not only spaces, and not a common password
 * (src/lib/password-rules.ts: the check runs once the list is loaded, which the server always
 * does before it parses a new password).
 */
const ZNewPassword = requiredString()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(PASSWORD_MAX, `Password can be at most ${PASSWORD_MAX} characters`)
  .refine((password) => !isBlankPassword(password), PASSWORD_BLANK)
  .refine((password) => !isCommonPassword(password), PASSWORD_TOO_COMMON);

/** An existing password as typed (never trimmed). */
const ZPassword = z.string().min(1, 'Please enter your password').max(PASSWORD_MAX, 'Invalid email or password');

const ZLimits = z
  .object({
    tasks: z.number().int().nullable(),
    sessions: z.number().int().nullable(),
    aiBreakdowns: z.number().int().nullable(),
    aiSessions: z.number().int().nullable(),
  })
  .describe('Monthly limits of the plan; null means unlimited');

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const ZClock = z.string().regex(CLOCK, 'Use HH:MM on a 24-hour clock, e.g. 09:00');

const ZWorkdayOutput = z
  .object({
    start: z.string().describe('HH:MM, on the account\'s clock'),
    end: z.string().describe('HH:MM, on the account\'s clock'),
    days: z.array(z.number().int()).describe('ISO weekdays: 1 Monday .. 7 Sunday'),
  })
  .describe("The working day in the account's time zone (default 09:00-17:00, Monday to Friday): today's free time is counted inside it");

/** A working day: start before end, at least one weekday, each once. */
const ZWorkday = z
  .object({
    start: ZClock.describe('HH:MM (24-hour), e.g. 09:00'),
    end: ZClock.describe('HH:MM (24-hour), after start, e.g. 17:00'),
    days: z
      .array(z.number().int().min(1, 'Days are ISO weekdays 1-7').max(7, 'Days are ISO weekdays 1-7'))
      .min(1, 'Choose at least one working day')
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'Each day once')
      .transform((days) => [...days].sort((a, b) => a - b))
      .describe('ISO weekdays: 1 Monday .. 7 Sunday'),
  })
  .refine((workday) => workday.start < workday.end, { message: 'The working day must end after it starts', path: ['end'] });

export const ZUserOutput = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean().describe('App data (tasks, sessions, AI) needs a verified e-mail'),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  tasksCreatedThisMonth: z.number().int(),
  sessionsCreatedThisMonth: z.number().int(),
  aiBreakdownsThisMonth: z.number().int(),
  aiSessionsThisMonth: z.number().int(),
  emailRemindersEnabled: z.boolean(),
  marketingEmailsEnabled: z.boolean(),
  newsletterEnabled: z.boolean(),
  pushRemindersEnabled: z.boolean().describe("Task reminders also as a push notification to this user's browsers with a push subscription"),
  limits: ZLimits,
  subscriptionStatus: z.string().nullable().describe("Stripe's subscription status, null without a subscription"),
  cancelAtPeriodEnd: z.boolean().describe('Plus ends at the end of the paid period'),
  subscriptionPeriodEnd: z.iso.datetime().nullable().describe('End of the paid period, ISO 8601 UTC'),
  timeZone: z.string().describe('IANA time zone: reminder mails, "due soon", days and the calendar feed use it'),
  pendingEmail: z
    .string()
    .nullable()
    .describe('A requested new e-mail address waiting for the link mailed to it; `email` stays the sign-in address until then'),
  workday: ZWorkdayOutput,
  ritual: z
    .object({
      morning: z.boolean().describe('The short morning ritual (what is carried, pick up to three, does it fit)'),
      evening: z.boolean().describe('The short evening ritual (done today, carry or let go, one optional line)'),
      offered: z.boolean().describe('Whether the ritual was offered already (it is offered once)'),
    })
    .describe('The optional day ritual: both off by default'),
  createdAt: z.iso.datetime(),
});
export type TUser = z.infer<typeof ZUserOutput>;

export const ZUserAnswer = z.object({ user: ZUserOutput });
export const ZSuccess = z.object({ success: z.literal(true) });

export const ZSignupInput = z.object({
  name: ZName,
  email: ZEmail,
  password: ZNewPassword.describe('At least 8 characters, not only spaces, and not one of the most common passwords'),
  timeZone: ZTimeZone.optional().describe("The person's IANA time zone (the browser's); default UTC"),
});
export type TSignupInput = z.input<typeof ZSignupInput>;

export const ZSignupOutput = ZUserAnswer.extend({
  verificationEmailSent: z
    .boolean()
    .describe('False when the verification e-mail could not be sent right now; the account exists, ask for a resend later'),
});

export const ZSigninInput = z.object({ email: ZEmail, password: ZPassword });
export type TSigninInput = z.input<typeof ZSigninInput>;

export const ZForgotPasswordInput = z.object({ email: ZEmail });
export type TForgotPasswordInput = z.input<typeof ZForgotPasswordInput>;

export const ZResetPasswordInput = z.object({
  email: ZEmail,
  token: z.string().trim().min(1).max(200).describe('The token from the reset link'),
  newPassword: ZNewPassword,
});
export type TResetPasswordInput = z.input<typeof ZResetPasswordInput>;

export const ZVerifyEmailInput = z.object({
  email: ZEmail,
  token: z.string().trim().min(1).max(200).describe('The token from the verification link'),
});
export type TVerifyEmailInput = z.input<typeof ZVerifyEmailInput>;
export const ZVerifyEmailOutput = z.object({
  status: z.enum(['verified', 'already']).describe('`already` when the address was verified before'),
});

/** The account's current password, as proof for changes a stolen session must not make alone. */
const ZCurrentPassword = z.string().min(1, 'Please enter your current password').max(PASSWORD_MAX, 'Current password is incorrect');

export const ZUpdateProfileInput = z
  .object({
    name: ZName.optional(),
    email: ZEmail.optional().describe(
      'A new sign-in address: needs `currentPassword`, and takes effect only when the link mailed to it is opened',
    ),
    currentPassword: ZCurrentPassword.optional().describe('The current password; required when `email` changes'),
    timeZone: ZTimeZone.optional().describe('IANA time zone name; no password needed'),
    workday: ZWorkday.optional().describe("The working day, on the account's clock: { start: 'HH:MM', end: 'HH:MM', days: [1..7] }"),
    ritual: z
      .object({ morning: z.boolean().optional(), evening: z.boolean().optional() })
      .optional()
      .describe('Turns the morning or evening ritual on or off; any answer marks the ritual as offered, so it is not offered again'),
  })
  .refine(
    (input) => input.name !== undefined || input.email !== undefined || input.timeZone !== undefined || input.workday !== undefined || input.ritual !== undefined,
    { message: 'Nothing to update' },
  );
export type TUpdateProfileInput = z.input<typeof ZUpdateProfileInput>;

const PREFERENCE_KEYS = ['emailRemindersEnabled', 'marketingEmailsEnabled', 'newsletterEnabled', 'pushRemindersEnabled'] as const;
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number];

// Booleans stay strict JSON on both doors: src/server/compat/zod.ts stops the REST adapter
// from coercing them.

export const ZUpdatePreferencesInput = z
  .object({
    emailRemindersEnabled: z.boolean().optional().describe('E-mail reminders for tasks due within 12 hours'),
    marketingEmailsEnabled: z.boolean().optional().describe('Product news and offers'),
    newsletterEnabled: z.boolean().optional().describe('The newsletter'),
    pushRemindersEnabled: z.boolean().optional().describe('Push notifications for tasks due within 12 hours (to browsers with a push subscription)'),
  })
  .refine((input) => PREFERENCE_KEYS.filter((key) => input[key] !== undefined).length === 1, {
    message: 'Send exactly one of emailRemindersEnabled, marketingEmailsEnabled, newsletterEnabled, pushRemindersEnabled',
  });
export type TUpdatePreferencesInput = z.input<typeof ZUpdatePreferencesInput>;

export const ZChangePasswordInput = z.object({
  currentPassword: ZCurrentPassword,
  newPassword: ZNewPassword,
});
export type TChangePasswordInput = z.input<typeof ZChangePasswordInput>;

export const ZDeleteAccountInput = z.object({
  password: z.string().min(1, 'Please enter your password to delete your account').max(PASSWORD_MAX, 'Password is incorrect').describe('The current password'),
});
export type TDeleteAccountInput = z.input<typeof ZDeleteAccountInput>;

/** What a personal access token may do (src/server/auth/token-scopes.ts checks them). */
export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
const ZTokenScope = z.enum(TOKEN_SCOPES);
/** Days a new token lives when the request does not say. */
export const DEFAULT_TOKEN_EXPIRY_DAYS = 90;
const MAX_TOKEN_EXPIRY_DAYS = 365;

export const ZApiTokenOutput = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the token, to tell tokens apart'),
  scopes: z
    .array(ZTokenScope)
    .describe('What the token may do: `read` (every GET of tasks, sessions, today, calendars, stats), `write` (creating, changing, completing and deleting tasks and sessions, parse, fresh start, focus)'),
  expiresAt: z.iso.datetime().nullable().describe('When the token stops working (401 after); null: never'),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable().describe('Last use, to the minute'),
});
export type TApiToken = z.infer<typeof ZApiTokenOutput>;

export const ZAgentWrite = z.object({
  id: z.string(),
  tool: z.string().describe('The MCP tool the assistant called, e.g. `create_task`'),
  summary: z.string().describe('What it changed, in words'),
  targetId: z.string().nullable().describe('The task or session it changed'),
  createdAt: z.iso.datetime(),
  undoneAt: z.iso.datetime().nullable().describe('When you undid it (POST /api/user/agent-writes/{id}/undo); null while it stands'),
  undoable: z.boolean().describe('Whether undo may be tried: not undone yet, and recorded with what undo needs'),
});
export type TAgentWrite = z.infer<typeof ZAgentWrite>;

/** A token as the list shows it: with the latest writes an assistant made with it (MCP connector). */
export const ZListedApiToken = ZApiTokenOutput.extend({
  recentWrites: z.array(ZAgentWrite).describe('The latest writes an assistant made with this token through /api/mcp, newest first (at most 10)'),
});
export type TListedApiToken = z.infer<typeof ZListedApiToken>;

/** An app connected through OAuth (the MCP connector's consent screen), as Account > Connected apps lists it. */
export const ZOAuthConnection = z.object({
  id: z.string().describe('The connection id (revoke it with DELETE /api/user/connected-apps/{id})'),
  clientId: z.string().describe('The app\'s OAuth client_id'),
  clientName: z.string().describe('The name the app registered itself with (not verified by Onething)'),
  redirectHosts: z.array(z.string()).describe('Where the app receives its authorization: the hosts of its registered redirect URIs'),
  scopes: z.array(ZTokenScope).describe('What the person allowed: `read` and/or `write`, through the MCP connector\'s tools only'),
  connectedAt: z.iso.datetime().describe('When the person allowed it (the latest consent)'),
  lastUsedAt: z.iso.datetime().nullable().describe('Last call to /api/mcp, to the minute'),
  recentWrites: z.array(ZAgentWrite).describe('The latest writes the app made through /api/mcp, newest first (at most 10), each undoable with POST /api/user/agent-writes/{id}/undo'),
});
export type TOAuthConnection = z.infer<typeof ZOAuthConnection>;

export const ZCreateApiTokenInput = z.object({
  name: z.string().trim().min(1, 'Please name the token').max(API_TOKEN_NAME_MAX).describe('A name to recognise the token by'),
  scopes: z
    .array(ZTokenScope)
    .min(1, 'Choose at least one scope')
    .max(TOKEN_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'A scope is listed twice')
    .optional()
    .describe('`read`, `write` or both (the default)'),
  expiresInDays: z
    .number()
    .int()
    .min(1, 'A token lives at least 1 day')
    .max(MAX_TOKEN_EXPIRY_DAYS, `A token lives at most ${MAX_TOKEN_EXPIRY_DAYS} days (or never: null)`)
    .nullable()
    .optional()
    .describe(`Days until the token stops working, 1-${MAX_TOKEN_EXPIRY_DAYS}; null: never. Default ${DEFAULT_TOKEN_EXPIRY_DAYS}`),
});
export type TCreateApiTokenInput = z.input<typeof ZCreateApiTokenInput>;

export const ZCreatedApiToken = ZApiTokenOutput.extend({
  token: z.string().describe('The token itself: shown only this once, send it as `Authorization: Bearer <token>`'),
});
