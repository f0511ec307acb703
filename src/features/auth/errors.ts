// Reading a failed call in the words of the server: tRPC errors carry the server's message and
// `data.httpStatus`; a validation failure's first issue says best what to fix. A network failure
// has no status and no server message.
type ErrorLike = {
  message?: unknown;
  data?: { httpStatus?: unknown; issues?: { message?: unknown }[] } | null;
};

export function errorStatus(error: unknown): number | undefined {
  const status = (error as ErrorLike | null)?.data?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

/** The server's message for a failed call, or undefined when the server did not answer. */
export function serverMessage(error: unknown): string | undefined {
  const e = error as ErrorLike | null;
  if (errorStatus(error) === undefined) return undefined;
  const issue = e?.data?.issues?.[0]?.message;
  if (typeof issue === 'string' && issue) return issue;
  return typeof e?.message === 'string' && e.message ? e.message : undefined;
}

/** The server's message for a 4xx answer (it describes what the person can do); else `fallback`. */
export function clientErrorMessage(error: unknown, fallback: string): string {
  const status = errorStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return serverMessage(error) ?? fallback;
  return fallback;
}
