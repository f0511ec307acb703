#!/usr/bin/env node
// Compiles the .tsx the production server imports (the e-mail templates) into the build's
// folder, so the server never loads the TypeScript compiler (scripts/ts-hooks.mjs). Run by
// `npm run build` after `next build`, and by the launcher after the build it makes.
import { precompileTsx } from './ts-hooks.mjs';

const compiled = precompileTsx();
process.stdout.write(`[onething] compiled ${compiled} e-mail template file${compiled === 1 ? '' : 's'} ahead\n`);
