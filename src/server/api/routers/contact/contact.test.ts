// POST /api/contact on both doors: the message is stored, mailed to CONTACT_TO with the sender
// as Reply-To, linked to the user when signed in, kept when SMTP is down, and rate limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { resetEnvCache } from '@/server/env';
import { startTestSmtpServer } from '@/test/smtp';
import { TestClient, trpcData } from '@/test/api-client';
import { uniqueEmail } from '@/test/factories';

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let ipCounter = 0;
const client = () => {
  ipCounter += 1;
  return new TestClient({ 'x-forwarded-for': `192.0.2.${ipCounter}` });
};

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.CONTACT_TO = 'team@onething.test';
  resetEnvCache();
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.CONTACT_TO;
  resetEnvCache();
  await smtp.close();
});

describe('POST /api/contact', () => {
  it('stores the message and mails it to CONTACT_TO, replying to the sender', async () => {
    const email = uniqueEmail('visitor');
    const answer = await client().rest('POST', '/contact', { name: 'Ada', email, message: '  I love the calm timer.\nThank you!  ' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    const stored = await getDb().contactMessage.findFirstOrThrow({ where: { email } });
    expect(stored).toMatchObject({ name: 'Ada', message: 'I love the calm timer.\nThank you!', userId: null });
    const mail = await smtp.waitForMail((m) => m.text.includes(email));
    expect(mail.to).toEqual(['team@onething.test']);
    expect(mail.subject).toBe('Contact form: message from Ada');
    expect(mail.headers.get('reply-to')).toContain(email);
    expect(mail.text).toContain('I love the calm timer.');
    expect(mail.html).toContain('I love the calm timer.');
  });

  it('links the message to the signed-in user, over tRPC', async () => {
    const c = client();
    const email = uniqueEmail();
    await c.rest('POST', '/auth/signup', { name: 'Grace', email, password: 'long enough pass' });
    const answer = await c.trpc('mutation', 'contact.send', { name: 'Grace', email, message: 'Feature idea' });
    expect(trpcData(answer)).toEqual({ success: true });
    const user = await getDb().user.findUniqueOrThrow({ where: { email } });
    expect(await getDb().contactMessage.count({ where: { userId: user.id } })).toBe(1);
  });

  it('needs every field and a valid address', async () => {
    const missing = await client().rest('POST', '/contact', { name: 'Ada', email: uniqueEmail() });
    expect(missing.status).toBe(400);
    expect((missing.body as { message: string }).message).toContain('Please fill in all fields');
    expect((await client().rest('POST', '/contact', { name: 'Ada', email: 'nope', message: 'hi' })).status).toBe(400);
    expect((await client().trpc('mutation', 'contact.send', { name: ' ', email: uniqueEmail(), message: 'hi' })).status).toBe(400);
    expect((await client().rest('POST', '/contact', { name: 'Ada', email: uniqueEmail(), message: 'x'.repeat(5001) })).status).toBe(400);
  });

  it('keeps the message and still answers success when the mail server is down', async () => {
    const down = await startTestSmtpServer();
    await down.close();
    process.env.SMTP_URL = down.url;
    resetEnvCache();
    try {
      const email = uniqueEmail();
      const answer = await client().rest('POST', '/contact', { name: 'Ada', email, message: 'Are you there?' });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true });
      expect(await getDb().contactMessage.count({ where: { email } })).toBe(1);
    } finally {
      process.env.SMTP_URL = smtp.url;
      resetEnvCache();
    }
  });

  it('takes 10 messages per IP per hour, then 429 with Retry-After', async () => {
    const c = client();
    for (let sent = 1; sent <= 10; sent += 1) expect((await c.rest('POST', '/contact', { name: 'Ada', email: uniqueEmail(), message: `#${sent}` })).status).toBe(200);
    const limited = await c.rest('POST', '/contact', { name: 'Ada', email: uniqueEmail(), message: '#11' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await client().rest('POST', '/contact', { name: 'Ada', email: uniqueEmail(), message: 'hi' })).status).toBe(200);
  });

  it('refuses a cross-site post', async () => {
    const answer = await client().rest('POST', '/contact', { name: 'Spam', email: uniqueEmail(), message: 'buy' }, { origin: 'https://spam.example' });
    expect(answer.status).toBe(403);
  });
});
