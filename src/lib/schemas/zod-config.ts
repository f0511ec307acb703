// zod's configuration, imported first (for its effect) by each shared schema file. In the browser
// zod would compile its parsers with `new Function`, which the Content-Security-Policy forbids (no
// 'unsafe-eval'): its probe was reported as a CSP violation on every page that validates a form.
// There it runs jitless (the interpreted path, same results); the server keeps the compiled path,
// which the API's hot paths rely on. It must run before any schema is created. (Only `config` is
// imported, not the `z` namespace: re-exporting the namespace kept all of zod, its locales
// included, in every page that validates: +58 kB gzip on /contact, measured.)
import { config } from 'zod';

// The service worker (src/worker) runs under a policy without 'unsafe-eval' too.
if (typeof window !== 'undefined' || typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined') config({ jitless: true });
