// The log's promises to an operator: JSON lines with the request id of the request they were
// written for, and no secret or personal data even when a caller passes it by mistake.
import { afterEach, describe, expect, it } from 'vitest';
import { captureLogs } from '@/test/log-capture';
import { log, REDACTED } from './log';
import { runWithRequestId } from './request-context';

let capture: ReturnType<typeof captureLogs> | undefined;
afterEach(() => {
  capture?.stop();
  capture = undefined;
});

describe('log', () => {
  it('writes one JSON line per event, with the request id inside a request scope only', () => {
    capture = captureLogs();
    log.info('outside');
    runWithRequestId('req-12345678', () => log.warn('inside', { taskId: 't1' }));
    const [outside, inside] = capture.lines();
    expect(outside).toMatchObject({ level: 'info', message: 'outside' });
    expect(outside).not.toHaveProperty('requestId');
    expect(inside).toMatchObject({ level: 'warn', message: 'inside', requestId: 'req-12345678', taskId: 't1' });
    expect(typeof inside!.time).toBe('string');
  });

  it('redacts secret and personal fields by name, at any depth, and addresses in free text', () => {
    capture = captureLogs();
    const secrets = {
      password: 'hunter2-password',
      newPassword: 'correct-horse-battery',
      token: 'tok_abcdef123456',
      resetToken: 'reset_987654321',
      AUTH_SECRET: 'super-secret-value-0123456789',
      authorization: 'Bearer bearer-secret-abc',
      cookie: 'next-auth.session-token=cookie-secret-xyz',
      email: 'ada@example.com',
      apiKey: 'sk-live-api-key-123',
    };
    log.error('something failed', {
      ...secrets,
      nested: { user: { email: 'grace@example.org', headers: { Cookie: 'sid=nested-cookie-777' } } },
      error: new Error('mail to alan@example.net bounced'),
      note: 'sent to bob@example.co.uk today',
      emailVerified: true,
      tokenCount: 3,
      taskId: 'task-1',
    });
    const text = capture.text();
    for (const value of [
      ...Object.values(secrets),
      'grace@example.org',
      'nested-cookie-777',
      'alan@example.net',
      'bob@example.co.uk',
    ]) {
      expect(text).not.toContain(value);
    }
    const [line] = capture.lines();
    expect(line).toMatchObject({ password: REDACTED, token: REDACTED, email: REDACTED, emailVerified: true, tokenCount: 3, taskId: 'task-1' });
    expect((line!.error as { message: string }).message).toBe(`mail to ${REDACTED} bounced`);
    expect(line!.note).toBe(`sent to ${REDACTED} today`);
  });
});
