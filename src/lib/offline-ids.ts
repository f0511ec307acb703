// The temporary id of a task created without a network, until the server gives it its own: one
// rule for the page (src/features/offline/offline-write.ts) and the service worker. Kept apart from
// ./offline-writes.ts (the queue's zod schemas) so that the pages that write tasks do not load zod
// and the task schemas for a string prefix: about 33 kB gzip on /calendar's first load and in the
// dashboard's and the focus session's islands.
export const TEMP_ID_PREFIX = 'offline-';
export const isTempId = (id: string) => id.startsWith(TEMP_ID_PREFIX);
