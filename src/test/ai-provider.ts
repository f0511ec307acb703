// Tests only: an OpenAI-compatible endpoint faked with msw, so the real `openai` SDK makes its
// real HTTP requests. Each test queues the answers the "model" gives, and reads back what the
// app sent.
import { delay, http, HttpResponse } from 'msw';
import { resetEnvCache } from '@/server/env';
import { server } from '@/test/msw';
import { aiSettings } from '@/server/ai/provider';

export const AI_BASE_URL = 'http://ai.test/v1';
export const AI_MODEL = 'test-model';

/** Points the app at the fake endpoint (call in beforeAll/beforeEach), or back to no provider. */
export function useFakeProvider(on = true): void {
  if (on) {
    process.env.OPENAI_API_KEY = 'sk-test';
    process.env.OPENAI_BASE_URL = AI_BASE_URL;
    process.env.OPENAI_MODEL = AI_MODEL;
  } else {
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
    delete process.env.OPENAI_MODEL;
  }
  resetEnvCache();
}

export type FakeReply =
  | { content: string }
  | { json: unknown }
  | { status: number; body?: unknown }
  | { delayMs: number; json: unknown };

export type SentRequest = {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown>; strict?: boolean } };
  authorization: string | null;
};

function completion(content: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_790_000_000,
    model: AI_MODEL,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

/**
 * Serves the queued replies in order, one per request (the last one repeats), and records each
 * request the app sent.
 */
export function fakeProvider(...replies: FakeReply[]): SentRequest[] {
  const sent: SentRequest[] = [];
  server.use(
    http.post(`${AI_BASE_URL}/chat/completions`, async ({ request }) => {
      const body = (await request.json()) as Omit<SentRequest, 'authorization'>;
      sent.push({ ...body, authorization: request.headers.get('authorization') });
      const reply = replies[Math.min(sent.length - 1, replies.length - 1)];
      if (!reply) return HttpResponse.json(completion('{}'));
      if ('delayMs' in reply) {
        await delay(reply.delayMs);
        return HttpResponse.json(completion(JSON.stringify(reply.json)));
      }
      if ('status' in reply) return HttpResponse.json(reply.body ?? { error: { message: 'down' } }, { status: reply.status });
      if ('content' in reply) return HttpResponse.json(completion(reply.content));
      return HttpResponse.json(completion(JSON.stringify(reply.json)));
    }),
  );
  return sent;
}

/** Shortens the provider timeout for a test; returns a function that restores it. */
export function shortTimeout(ms: number): () => void {
  const before = aiSettings.timeoutMs;
  aiSettings.timeoutMs = ms;
  return () => {
    aiSettings.timeoutMs = before;
  };
}
