// Web Push: a browser's PushSubscription JSON (as `subscription.toJSON()` gives it), and the
// push the focus session asks for at its current phase's end.
import './zod-config';
import { z } from 'zod';

const base64url = (what: string, max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${what} must be base64url`);

export const ZPushSubscriptionInput = z.object({
  endpoint: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .describe("The push service's URL for this browser"),
  expirationTime: z.number().nullish().describe('When the push service will drop the subscription (ms since 1970), if it says'),
  keys: z.object({
    p256dh: base64url('keys.p256dh', 200).describe("The browser's P-256 public key"),
    auth: base64url('keys.auth', 100).describe('The shared authentication secret'),
  }),
});
export type TPushSubscriptionInput = z.infer<typeof ZPushSubscriptionInput>;

export const ZPushSubscriptionOutput = z.object({
  endpoint: z.string(),
  createdAt: z.iso.datetime(),
});

export const ZPushSubscriptionDeleteInput = z.object({
  endpoint: z.string().min(1).max(2000).describe('The endpoint of the subscription to forget'),
});

export const ZPhaseEndPushInput = z.object({
  focusSessionId: z.string().min(1).max(100).describe('The focus session whose phase ends'),
  sendAt: z.iso.datetime().describe('When the phase ends (UTC)'),
  title: z.string().trim().min(1).max(100).default('Onething'),
  body: z.string().trim().min(1).max(200).describe("What the notification says, e.g. 'Break time!'"),
});
export type TPhaseEndPushInput = z.input<typeof ZPhaseEndPushInput>;

export const ZPushPublicKeyOutput = z.object({
  publicKey: z.string().nullable().describe("The VAPID public key (base64url), null when the server sends no pushes"),
});
