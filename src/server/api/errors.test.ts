// The wire body of a failure: the machine-readable `reason` a client decides by travels with it,
// also when the reasoned error is wrapped; internal failures never show theirs.
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { appError } from '@/server/errors';
import { errorBody, ZApiErrorBody } from './errors';

describe('errorBody', () => {
  it('carries the reason of a reasoned error', () => {
    const body = errorBody(appError('FORBIDDEN', 'Task limit reached', undefined, 'task_limit'));
    expect(body).toEqual({ message: 'Task limit reached', code: 'FORBIDDEN', reason: 'task_limit' });
    expect(ZApiErrorBody.parse(body)).toEqual(body);
  });

  it('finds the reason of a wrapped error', () => {
    const wrapped = new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Slow down', cause: appError('TOO_MANY_REQUESTS', 'Slow down', undefined, 'rate_limited') });
    expect(errorBody(wrapped).reason).toBe('rate_limited');
  });

  it('has no reason when none was given, and never on an internal error', () => {
    expect(errorBody(appError('NOT_FOUND', 'Not found'))).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    expect(errorBody(appError('INTERNAL_SERVER_ERROR', 'db exploded', undefined, 'task_limit')).reason).toBeUndefined();
  });

  it('rejects a reason the contract does not name', () => {
    expect(() => ZApiErrorBody.parse({ message: 'x', code: 'FORBIDDEN', reason: 'made_up' })).toThrow();
  });
});
