// The breakdown call (POST /api/tasks/{id}/breakdown) over the REST door, so a
// long wait can be cancelled with an AbortSignal (the same procedure as tRPC's ai.breakdown).
// The answer's shape is the AI router's (src/lib/schemas/ai.ts).
import type { TBreakdownOutput, TBreakdownSubtask } from '@/lib/schemas/ai';

export type BreakdownSubtask = TBreakdownSubtask;
export type BreakdownAnswer = TBreakdownOutput;

class BreakdownError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'BreakdownError';
  }
}

export async function requestBreakdown(taskId: string, description: string, signal?: AbortSignal): Promise<BreakdownAnswer> {
  const response = await fetch(`/api/tasks/${encodeURIComponent(taskId)}/breakdown`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ description }),
    signal,
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const message = (body as { message?: string } | null)?.message ?? `${response.status}: ${text || response.statusText}`;
    throw new BreakdownError(message, response.status);
  }
  return body as BreakdownAnswer;
}
