// Test helper: captures what src/server/log.ts writes (stdout and stderr) at LOG_LEVEL=debug, as
// the parsed JSON lines and as raw text, and restores everything on stop().
import { vi } from 'vitest';
import { resetEnvCache } from '@/server/env';

export type LogLine = { level: string; message: string; requestId?: string } & Record<string, unknown>;

export function captureLogs() {
  const chunks: string[] = [];
  const previousLevel = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'debug';
  resetEnvCache();
  const record = (chunk: unknown) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(record);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(record);
  return {
    text: () => chunks.join(''),
    lines: (): LogLine[] =>
      chunks
        .join('')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as LogLine),
    clear: () => void chunks.splice(0),
    stop: () => {
      out.mockRestore();
      err.mockRestore();
      if (previousLevel === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = previousLevel;
      resetEnvCache();
    },
  };
}
