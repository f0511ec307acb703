// OWASP ASVS 14.4.2: API answers say how a browser should treat them if one is ever opened
// directly — `Content-Disposition: attachment`, so a JSON answer is saved as a file instead of
// being rendered (nosniff and the JSON type already stop it being run as a page). Fetch and
// tRPC clients ignore the header. Documents meant to be read in a tab (the OpenAPI document)
// set their own `inline` disposition, which is kept.
export const API_DISPOSITION = 'attachment; filename="api.json"';

/** Whether an answer with this content type and disposition still needs API_DISPOSITION. */
export function needsApiDisposition(contentType: string | null | undefined, disposition: string | null | undefined): boolean {
  return !disposition && typeof contentType === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType);
}
