// The runtime configuration: defaults, and one clear line for a bad value.
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('fills in the documented defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe('http://localhost:3000');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.OPENAI_MODEL).toBeTruthy();
  });

  it('derives APP_URL from PORT and trims a trailing slash', () => {
    expect(parseEnv({ PORT: '4100' }).APP_URL).toBe('http://localhost:4100');
    expect(parseEnv({ APP_URL: 'https://app.example/' }).APP_URL).toBe('https://app.example');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x@y/z', AUTH_SECRET: 'x'.repeat(40) }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgresql://x@y/z' }, 'AUTH_SECRET'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
    [{ OPENAI_BASE_URL: 'ftp://models' }, 'OPENAI_BASE_URL'],
  ])('names the bad variable in one line: %o', (source, name) => {
    expect(() => parseEnv(source)).toThrowError(new RegExp(`^Invalid environment variable ${name}: [^\\n]+$`));
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ SMTP_URL: '', OPENAI_API_KEY: '  ' }).SMTP_URL).toBeUndefined();
  });
});
