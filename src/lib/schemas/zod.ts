// zod, as every shared schema imports it. In the browser zod would compile its parsers with
// `new Function`, which the Content-Security-Policy forbids (no 'unsafe-eval'): its probe was
// reported as a CSP violation on every page that validates a form. There it runs jitless (the
// interpreted path, same results); the server keeps the compiled path, which the API's hot paths
// rely on. Must run before any schema is created: this module is imported first by each file.
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
