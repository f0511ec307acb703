// The launcher's .env files, read as Next reads them: for the mode's NODE_ENV (`production` for
// `npm start`, `development` for `npm run dev`), `.env.$NODE_ENV.local`, `.env.local`,
// `.env.$NODE_ENV` and `.env`, the first file naming a variable winning, and the real environment
// winning over every file. The result then goes through the same validation as the environment
// (src/server/env.ts), so a bad PORT in .env stops the launcher with the same one line.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/** The files, highest precedence first. */
export function envFileNames(mode) {
  return [`.env.${mode}.local`, '.env.local', `.env.${mode}`, '.env'];
}

/**
 * Variables from the .env files of `dir` that `env` does not set, as `{ values, files }`: what to
 * add, and which files were read (for one log line).
 */
export function readEnvFiles(dir, mode, env) {
  const values = {};
  const files = [];
  for (const name of envFileNames(mode)) {
    const file = path.join(dir, name);
    if (!existsSync(file)) continue;
    files.push(name);
    for (const [key, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
      if (env[key] === undefined && !(key in values)) values[key] = value;
    }
  }
  return { values, files };
}
