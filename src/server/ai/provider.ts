// The one module that talks to a language model: any OpenAI-compatible endpoint (OpenAI itself,
// or a local llama.cpp / Ollama server for people who keep their tasks private) through the
// official `openai` SDK. It asks for JSON against a JSON schema derived from the zod schema
// that types the procedure, validates every answer with that same zod schema, asks once more
// when an answer is not valid, and turns any provider failure into a 503
// `AI is unavailable right now`. Nothing unvalidated leaves this module.
import OpenAI from 'openai';
import { z } from 'zod';
import { appError } from '@/server/errors';
import { env } from '@/server/env';
import { log } from '@/server/log';

export const AI_UNAVAILABLE_MESSAGE = 'AI is unavailable right now';

/** Request timings; tests shorten the timeout. */
export const aiSettings = {
  /** Per request to the provider. Two requests at most (one retry after an invalid answer). */
  timeoutMs: 20_000,
};

/** The largest answer accepted from a model, in characters (also caps what is sent back on a retry). */
// No temperature or token cap is sent: reasoning models reject both, and structured output plus
// the timeout already bound an answer.
const MAX_ANSWER_CHARS = 50_000;

export type AiConfig = { apiKey: string; baseURL: string | undefined; model: string };

/**
 * The provider configuration, or null when none is set (the built-in planner answers then).
 * A base URL alone is enough: local OpenAI-compatible servers usually need no key.
 */
export function aiConfig(): AiConfig | null {
  const { OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL } = env();
  if (!OPENAI_API_KEY && !OPENAI_BASE_URL) return null;
  return { apiKey: OPENAI_API_KEY ?? 'not-needed', baseURL: OPENAI_BASE_URL, model: OPENAI_MODEL };
}

/** Keywords left out of the schema sent to the model (the zod schema still checks them all). */
const UNSENT_KEYWORDS = new Set([
  '$schema',
  // Local servers compile the schema into a grammar and choke on zod's long date pattern.
  'pattern',
  // OpenAI's strict structured outputs refuse string length keywords.
  'minLength',
  'maxLength',
]);

/**
 * The JSON schema sent to the model, derived from the zod schema, in the subset that OpenAI's
 * strict mode and local grammar-based servers accept. Every answer is still validated with the
 * full zod schema when it arrives.
 */
export function modelJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Record<string, unknown>;
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key]) => !UNSENT_KEYWORDS.has(key))
        .map(([key, value]) => [key, strip(value)]),
    );
  };
  return strip(json) as Record<string, unknown>;
}

/**
 * The JSON object in a model's text: tolerates a reasoning model's `<think>` block, a Markdown
 * code fence and words around the object. Throws SyntaxError when there is none.
 */
export function extractJson(text: string): unknown {
  let body = text.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(body);
  if (fenced?.[1] !== undefined) body = fenced[1];
  try {
    return JSON.parse(body);
  } catch (error) {
    const start = body.indexOf('{');
    const end = body.lastIndexOf('}');
    if (start >= 0 && end > start) return JSON.parse(body.slice(start, end + 1));
    throw error;
  }
}

type Invalid = { ok: false; reason: string; raw: string };
type Valid<T> = { ok: true; data: T };

function validate<T>(schema: z.ZodType<T>, raw: string): Valid<T> | Invalid {
  let parsed: unknown;
  try {
    parsed = extractJson(raw);
  } catch {
    return { ok: false, reason: 'the answer was not valid JSON', raw };
  }
  const result = schema.safeParse(parsed);
  if (result.success) return { ok: true, data: result.data };
  const issues = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  return { ok: false, reason: `the answer did not match the schema (${issues})`, raw };
}

export type AiRequest<T> = {
  /** A name for the answer's shape, e.g. `session_plan` (letters, digits, _ and -). */
  name: string;
  schema: z.ZodType<T>;
  /** The system message: the rules of the job. */
  instructions: string;
  /** The user message: only the data the job needs. */
  input: string;
};

export type AiAnswer<T> = { data: T; model: string };

/**
 * Asks the configured model for a JSON answer and returns it validated. One retry when the
 * answer is not valid JSON or breaks the schema; 503 `AI is unavailable right now` when the
 * provider fails, times out, or answers invalidly twice. Callers meter usage only after this
 * returns, so a failed call never costs the user quota.
 */
export async function askForJson<T>(request: AiRequest<T>): Promise<AiAnswer<T>> {
  const config = aiConfig();
  if (!config) throw appError('SERVICE_UNAVAILABLE', AI_UNAVAILABLE_MESSAGE);
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseURL,
    timeout: aiSettings.timeoutMs,
    // The user is waiting: one request per attempt, the timeout above is the budget.
    maxRetries: 0,
  });
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
    { role: 'system', content: request.instructions },
    { role: 'user', content: request.input },
  ];
  const schema = modelJsonSchema(request.schema);

  for (let attempt = 1; attempt <= 2; attempt++) {
    let completion: OpenAI.Chat.ChatCompletion;
    try {
      completion = await client.chat.completions.create({
        model: config.model,
        messages,
        response_format: { type: 'json_schema', json_schema: { name: request.name, schema, strict: true } },
      });
    } catch (error) {
      log.warn('ai provider failed', {
        job: request.name,
        attempt,
        status: error instanceof OpenAI.APIError ? (error.status ?? null) : null,
        error: error instanceof Error ? error.name : 'unknown',
      });
      throw appError('SERVICE_UNAVAILABLE', AI_UNAVAILABLE_MESSAGE, error);
    }
    const message = completion.choices[0]?.message;
    const raw = (message?.content ?? '').slice(0, MAX_ANSWER_CHARS);
    const outcome: Valid<T> | Invalid = message?.refusal
      ? { ok: false, reason: 'the model refused', raw }
      : validate(request.schema, raw);
    if (outcome.ok) return { data: outcome.data, model: completion.model || config.model };

    log.warn('ai answer invalid', { job: request.name, attempt, reason: outcome.reason.slice(0, 300) });
    messages.push(
      { role: 'assistant', content: raw || '(empty)' },
      {
        role: 'user',
        content: `That answer is not usable: ${outcome.reason}. Answer again with only one JSON object that matches the schema exactly.`,
      },
    );
  }
  throw appError('SERVICE_UNAVAILABLE', AI_UNAVAILABLE_MESSAGE);
}
