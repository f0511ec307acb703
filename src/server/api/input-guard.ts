// Text PostgreSQL cannot store: a NUL character (U+0000) in any string of any input, key or
// value. Found by src/server/api/fuzz.test.ts: a NUL in a task title, a name, an e-mail being
// looked up or an id reached PostgreSQL, which refused it, and the caller got a 500. Every
// procedure now refuses such input up front with a 400 naming the field, before any read or
// write (errors.ts also maps the database's refusal to 400, as a backstop).
// Lone UTF-16 surrogates are not refused: they arrive as U+FFFD from the JSON decoder and are
// stored as such.
import { z } from 'zod';
import { appError } from '@/server/errors';

const NUL_MESSAGE = 'Must not contain the NUL character';

/** The path of the first string (or object key) holding a NUL character, or undefined. */
function findNulCharacter(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 32 || typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findNulCharacter(value[index], [...path, String(index)], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\u0000')];
    const found = findNulCharacter(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Throws the 400 of a validation failure when the input holds a NUL character. */
export function assertNoNulCharacter(input: unknown): void {
  const path = findNulCharacter(input);
  if (!path) return;
  // A ZodError made by zod itself, so both doors list it as a validation issue on `path`.
  const cause = z
    .unknown()
    .superRefine((_, ctx) => ctx.addIssue({ code: 'custom', message: NUL_MESSAGE, path }))
    .safeParse(undefined).error;
  throw appError('BAD_REQUEST', NUL_MESSAGE, cause);
}
