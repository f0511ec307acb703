// The contact form: every message is stored (linked to the user when signed in) and mailed to
// the operator (CONTACT_TO). A mail that cannot be sent is logged and the answer is still a
// success, because the message is kept and can be read from the database. 10 per IP per hour.
import type { TContactInput } from '@/lib/schemas/contact';
import { ZContactInput } from '@/lib/schemas/contact';
import type { Db } from '@/server/db';
import { env } from '@/server/env';
import { log } from '@/server/log';
import { contactNoticeMail } from '@/server/mail/messages';
import { sendMail } from '@/server/mail/transport';
import { enforceRateLimit, rateLimitKey, RATE_LIMITS } from './rate-limit.service';

export async function sendContactMessage(
  db: Db,
  userId: string | null,
  input: TContactInput,
  request: { ip: string; resHeaders: Headers },
): Promise<{ id: string; mailed: boolean }> {
  const data = ZContactInput.parse(input);
  await enforceRateLimit({ db, resHeaders: request.resHeaders }, { key: rateLimitKey('contact:ip', request.ip), ...RATE_LIMITS.contactPerIp }, 'Too many messages');
  const stored = await db.contactMessage.create({
    data: { userId, name: data.name, email: data.email, message: data.message },
    select: { id: true, createdAt: true },
  });
  try {
    await sendMail(
      await contactNoticeMail(env().CONTACT_TO, {
        name: data.name,
        email: data.email,
        message: data.message,
        receivedAt: stored.createdAt.toISOString(),
        signedIn: userId !== null,
      }),
    );
    return { id: stored.id, mailed: true };
  } catch (error) {
    log.warn('contact message stored but not mailed', { contactMessageId: stored.id, error: (error as Error).message });
    return { id: stored.id, mailed: false };
  }
}
