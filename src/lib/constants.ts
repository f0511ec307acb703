// Business constants and the enums, in one place: the zod
// schemas, the services, the UI and the tests all read them from here.

// The focus session screen's constants live in ./session-constants (the session page's first load
// carries only those); they are part of this list all the same.
export { COMPLETION_REFRESH_MS, DISPLAY_MODE_LABELS, DISPLAY_MODES, SESSION_DEFAULTS, STORAGE_KEYS, type DisplayMode } from './session-constants';

/** The most calls one tRPC batch may carry; the app's client splits larger ones (src/trpc/react.tsx). */
export const TRPC_MAX_BATCH = 20;

export const IMPORTANCE = ['Low', 'Medium', 'High', 'Critical'] as const;
export type Importance = (typeof IMPORTANCE)[number];

export const DIFFICULTY = ['Easy', 'Medium', 'Hard', 'Very Hard'] as const;
export type Difficulty = (typeof DIFFICULTY)[number];

/** Difficulties an AI breakdown may propose for a subtask. */
export const BREAKDOWN_DIFFICULTY = ['Easy', 'Medium', 'Hard'] as const;

export const MOODS = ['energetic', 'focused', 'relaxed', 'tired', 'stressed'] as const;
export type Mood = (typeof MOODS)[number];

export const SESSION_TYPES = ['manual', 'ai'] as const;

export const SUBSCRIPTION_TIERS = ['free', 'plus'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

/** Monthly limits per plan; null means unlimited. Counters reset each calendar month (UTC). */
export const PLAN_LIMITS = {
  free: { tasks: 40, sessions: 20, aiBreakdowns: 5, aiSessions: 5 },
  plus: { tasks: null, sessions: null, aiBreakdowns: 50, aiSessions: 50 },
} as const satisfies Record<SubscriptionTier, Record<string, number | null>>;
export type UsageKind = keyof (typeof PLAN_LIMITS)['free'];

export const PLUS_PRICE = { amount: 2, was: 4 } as const;
export const CURRENCIES = { UK: { code: 'GBP', symbol: '£' }, USA: { code: 'USD', symbol: '$' } } as const;
export type Country = keyof typeof CURRENCIES;

/** Calendar subscriptions per plan (the API's check and the Account page's words, which load without zod). */
export const CALENDAR_LIMITS = { free: 1, plus: 10 } as const;

export const SESSION_LIMITS = { maxMinutes: 1440, maxTasks: 50 } as const;

/** A focus session's name (the API's schema and the set-up forms' fields, which load without zod). */
export const SESSION_NAME_MAX = 200;

export const TASK_LIMITS = { titleMax: 200, descriptionMax: 5000, firstStepMax: 200 } as const;

/** Quick capture's plain words (src/features/tasks/QuickCapture.tsx and its schema). */
export const QUICK_CAPTURE_MAX = 500;

export const CONTACT_MESSAGE_MAX = 5000;
export const DEFAULT_TASK_COLOR = '#3B82F6';

export const MIN_PASSWORD_LENGTH = 8;
export const VERIFY_RESEND_COOLDOWN_SECONDS = 60;
export const FORGOT_RESEND_COOLDOWN_SECONDS = 45;
export const VERIFY_TOKEN_TTL_HOURS = 24;
export const RESET_TOKEN_TTL_HOURS = 1;

export const ONBOARDING_ADVANCE_MS = 800;
export const DUE_SOON_HOURS = 24;
export const REMINDER_WINDOW_HOURS = 12;
export const RECENT_SESSIONS_COUNT = 6;
export const MANUAL_SESSION_TASK_LIST = 10;
export const ACCOUNT_POLL_MS = 5000;
export const ACCOUNT_CACHE_MS = 5 * 60 * 1000;
export const MOBILE_BREAKPOINT_PX = 768;
export const CALENDAR_MONTH_CELL_TASKS = 2;
export const CALENDAR_WEEK_MIN_MINUTES = 15;

export const TOAST_LIMIT = 3;
export const TOAST_REMOVE_DELAY_MS = 5000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const PRIVACY_POLICY = { version: '2.6', lastUpdated: 'October 2025' } as const;

/** Query values the Stripe return URLs put on /account, for the account page's message. */
export const CHECKOUT_RETURN = { param: 'checkout', success: 'success', cancelled: 'cancelled' } as const;
