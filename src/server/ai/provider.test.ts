// The provider module against a fake OpenAI-compatible endpoint (msw), through the real SDK:
// structured output from the zod schema, validation, one retry, and 503 on any failure.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZBreakdownResult } from '@/lib/schemas/ai';
import { resetEnvCache } from '@/server/env';
import { AI_UNAVAILABLE_MESSAGE, aiConfig, askForJson, extractJson, modelJsonSchema } from './provider';
import { AI_BASE_URL, AI_MODEL, fakeProvider, shortTimeout, useFakeProvider } from '@/test/ai-provider';

const ZAnswer = z.object({ steps: z.array(z.string().min(1)).min(1), minutes: z.number().int().positive() });
const ask = () => askForJson({ name: 'test_answer', schema: ZAnswer, instructions: 'Plan it.', input: '{"task":"x"}' });

beforeEach(() => useFakeProvider());
afterAll(() => useFakeProvider(false));

describe('askForJson', () => {
  it('asks for JSON against the schema derived from zod and returns the validated answer', async () => {
    const sent = fakeProvider({ json: { steps: ['one', 'two'], minutes: 20 } });
    await expect(ask()).resolves.toEqual({ data: { steps: ['one', 'two'], minutes: 20 }, model: AI_MODEL });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.authorization).toBe('Bearer sk-test');
    expect(sent[0]?.model).toBe(AI_MODEL);
    expect(sent[0]?.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(sent[0]?.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'test_answer', strict: true, schema: modelJsonSchema(ZAnswer) },
    });
    expect(sent[0]?.response_format?.json_schema?.schema).toMatchObject({
      type: 'object',
      required: ['steps', 'minutes'],
      additionalProperties: false,
    });
  });

  it('retries once after invalid JSON, telling the model what was wrong', async () => {
    const sent = fakeProvider({ content: 'Sure! Here is your plan: steps one and two' }, { json: { steps: ['one'], minutes: 5 } });
    await expect(ask()).resolves.toMatchObject({ data: { steps: ['one'], minutes: 5 } });
    expect(sent).toHaveLength(2);
    const retry = sent[1]?.messages ?? [];
    expect(retry.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(retry[3]?.content).toContain('not valid JSON');
  });

  it('retries once after an answer that breaks the schema, naming the field', async () => {
    const sent = fakeProvider({ json: { steps: [], minutes: -3 } }, { json: { steps: ['a'], minutes: 3 } });
    await expect(ask()).resolves.toMatchObject({ data: { minutes: 3 } });
    expect(sent[1]?.messages[3]?.content).toMatch(/steps: .*minutes: /);
  });

  it('gives up with 503 after two invalid answers, never returning an unvalidated one', async () => {
    const sent = fakeProvider({ json: { steps: 'nope' } });
    await expect(ask()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: AI_UNAVAILABLE_MESSAGE });
    expect(sent).toHaveLength(2);
  });

  it('answers 503 when the provider is down, without retrying', async () => {
    const sent = fakeProvider({ status: 500 });
    await expect(ask()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: AI_UNAVAILABLE_MESSAGE });
    expect(sent).toHaveLength(1);
  });

  it('answers 503 when the key is refused', async () => {
    fakeProvider({ status: 401, body: { error: { message: 'Incorrect API key provided' } } });
    await expect(ask()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: AI_UNAVAILABLE_MESSAGE });
  });

  it('answers 503 when the provider takes longer than the timeout', async () => {
    const restore = shortTimeout(150);
    try {
      fakeProvider({ delayMs: 2_000, json: { steps: ['late'], minutes: 1 } });
      await expect(ask()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: AI_UNAVAILABLE_MESSAGE });
    } finally {
      restore();
    }
  });
});

describe('configuration', () => {
  it('uses a local server from its base URL alone (no key needed), and nothing when neither is set', () => {
    useFakeProvider(false);
    expect(aiConfig()).toBeNull();
    process.env.OPENAI_BASE_URL = AI_BASE_URL;
    resetEnvCache();
    expect(aiConfig()).toEqual({ apiKey: 'not-needed', baseURL: AI_BASE_URL, model: 'gpt-4o-mini' });
  });
});

describe('modelJsonSchema and extractJson', () => {
  it('drops regular expressions but keeps the structure, enums and formats', () => {
    const schema = JSON.stringify(modelJsonSchema(ZBreakdownResult));
    expect(schema).not.toContain('"pattern"');
    expect(schema).not.toContain('$schema');
    expect(schema).not.toContain('minLength');
    expect(schema).toContain('"date-time"');
    expect(schema).toContain('["Easy","Medium","Hard"]');
  });

  it('reads JSON inside code fences, after a reasoning block, or with words around it', () => {
    expect(extractJson('```json\n{"a":1}\n```')).toEqual({ a: 1 });
    expect(extractJson('<think>hmm {no}</think>\n{"a":2}')).toEqual({ a: 2 });
    expect(extractJson('Here you go: {"a":3} Enjoy!')).toEqual({ a: 3 });
    expect(() => extractJson('no json here')).toThrow(SyntaxError);
  });
});
