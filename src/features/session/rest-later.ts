// The focus session page's REST calls that only its after-load code makes (./SessionLater): kept
// apart from ./rest so that the page's first load does not carry them.
import type { TTaskOutput } from '@/lib/schemas/task';
import { call } from './rest';

export const completeTask = (id: string, sessionId: string, idempotencyKey: string) =>
  call<TTaskOutput>('POST', `/tasks/${encodeURIComponent(id)}/complete`, { body: { sessionId }, headers: { 'idempotency-key': idempotencyKey } });
export const signOut = () => call<unknown>('POST', '/auth/signout', { body: {} });
