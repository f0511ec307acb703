// Runtime configuration: every variable of the API contract, validated with zod at start-up.
// A bad value stops the server with one clear line naming it (the launcher calls parseEnv
// before anything starts). Kept free of TypeScript-only syntax so Node can load it directly.
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = (protocols: string[], hint: string) =>
  optionalString.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL (${hint})` },
  );

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    APP_URL: optionalUrl(['http:', 'https:'], 'e.g. https://onething.example'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgresql://user:pass@host:5432/db'),
    AUTH_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, {
      message: 'must be at least 32 characters (e.g. `openssl rand -base64 48`)',
    }),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtp://user:pass@host:587'),
    MAIL_FROM: optionalString.default('Onething <no-reply@onething.local>'),
    CONTACT_TO: optionalString.default('support@onething.local'),
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: optionalUrl(['http:', 'https:'], 'e.g. http://127.0.0.1:11434/v1'),
    OPENAI_MODEL: optionalString.default('gpt-4o-mini'),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_GBP: optionalString,
    STRIPE_PRICE_USD: optionalString,
    STRIPE_API_URL: optionalUrl(['http:', 'https:'], 'e.g. http://127.0.0.1:12111'),
    SENTRY_DSN: optionalUrl(['http:', 'https:'], 'the DSN from Sentry'),
    SENTRY_ENVIRONMENT: optionalString,
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    // Web Push (src/server/services/push.service.ts): the VAPID key pair (base64url, as web-push
    // generates it) and the contact the push services see. Unset: the launcher keeps a generated
    // pair under the data folder; without one, no pushes (the in-tab chime stays).
    VAPID_PUBLIC_KEY: optionalString.refine((value) => value === undefined || /^[A-Za-z0-9_-]{80,100}$/.test(value), {
      message: 'must be a base64url P-256 public key (e.g. from `npx web-push generate-vapid-keys`)',
    }),
    VAPID_PRIVATE_KEY: optionalString.refine((value) => value === undefined || /^[A-Za-z0-9_-]{40,50}$/.test(value), {
      message: 'must be a base64url P-256 private key',
    }),
    VAPID_SUBJECT: optionalUrl(['mailto:', 'https:'], 'mailto:you@example.com or https://onething.example'),
    // Origins exempt from the public-address rule of outbound requests (src/server/http/outbound.ts):
    // comma-separated exact origins (scheme, host, port; no path), for tests and intranet calendars.
    OUTBOUND_ALLOWLIST: optionalString.transform((value, ctx) => {
      if (value === undefined) return undefined;
      const origins: string[] = [];
      for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
        let origin: string | null = null;
        try {
          const url = new URL(entry);
          if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === entry.replace(/\/$/, '')) origin = url.origin;
        } catch {
          origin = null;
        }
        if (!origin) {
          ctx.addIssue({ code: 'custom', message: `must be comma-separated origins like http://127.0.0.1:4010 (no path): ${JSON.stringify(entry)}` });
          return z.NEVER;
        }
        origins.push(origin);
      }
      return origins;
    }),
    // Symmetric key for the secrets the server keeps for a user (calendar subscription URLs),
    // AES-256-GCM under a key derived from it (src/server/auth/secret-box.ts). Unset: derived
    // from AUTH_SECRET, so rotating AUTH_SECRET then makes stored subscriptions unreadable.
    DATA_ENCRYPTION_KEY: optionalString.refine((value) => value === undefined || value.length >= 32, {
      message: 'must be at least 32 characters (e.g. `openssl rand -base64 48`)',
    }),
    // Reverse proxies in front of the app that append to X-Forwarded-For (src/server/auth/client-ip.ts).
    TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  })
  .superRefine((value, ctx) => {
    if (Boolean(value.VAPID_PUBLIC_KEY) !== Boolean(value.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: 'custom', path: [value.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'], message: 'is needed with the other VAPID key' });
    }
    if (value.DATABASE_URL && !value.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'is required when DATABASE_URL is set (at least 32 characters)',
      });
    }
  });

export type Env = z.infer<typeof envSchema> & { APP_URL: string };

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses the environment; throws EnvError with one line naming the first bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new EnvError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid'}`);
  }
  const data = result.data;
  return { ...data, APP_URL: (data.APP_URL ?? `http://localhost:${data.PORT}`).replace(/\/+$/, '') };
}

// Parsed once per process, shared by every copy of this module in the process (Next's bundles
// and the door; see process-singleton.ts, not imported here so that the launcher can load this
// file with Node alone).
const ENV_KEY = Symbol.for('onething.env');
const holder = globalThis as unknown as Record<symbol, Env | undefined>;

/** The validated environment of this process (parsed once). */
export function env(): Env {
  return (holder[ENV_KEY] ??= parseEnv());
}

/** For tests that change variables between cases. */
export function resetEnvCache(): void {
  holder[ENV_KEY] = undefined;
}
