// Test helper: an HTTP client with a cookie jar over the two doors of the app, in process through
// the app's front (src/test/front.ts), as a browser or curl would call them.
// Never imported by the app.
import { serveApi } from '@/test/front';

export type Answer = { status: number; body: unknown; headers: Headers; text: string };

const ORIGIN = 'http://localhost:3000';

/** Every answer any TestClient received in this test file, for checks over all responses. */
export const transcript: (Answer & { call: string })[] = [];

export class TestClient {
  readonly jar = new Map<string, string>();
  /** Extra headers on every request (e.g. X-Forwarded-For, Authorization). */
  readonly headers = new Headers();

  constructor(init: HeadersInit = {}) {
    new Headers(init).forEach((value, key) => this.headers.set(key, value));
  }

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  private requestHeaders(extra: HeadersInit = {}): Headers {
    const headers = new Headers(this.headers);
    const cookie = this.cookieHeader();
    if (cookie) headers.set('cookie', cookie);
    new Headers(extra).forEach((value, key) => headers.set(key, value));
    return headers;
  }

  private async answer(response: Response, call: string, batch = false): Promise<Answer> {
    this.store(response);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    if (batch && Array.isArray(body)) body = body[0];
    const answer = { status: response.status, body, headers: response.headers, text };
    transcript.push({ ...answer, call });
    return answer;
  }

  /** A REST call: `rest('POST', '/auth/signin', { email, password })`. */
  async rest(method: string, path: string, body?: unknown, extra: HeadersInit = {}): Promise<Answer> {
    const headers = this.requestHeaders(extra);
    if (body !== undefined) headers.set('content-type', 'application/json');
    const response = await serveApi(new Request(`${ORIGIN}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
    return this.answer(response, `${method} ${path}`);
  }

  /**
   * A tRPC call over HTTP as the app's httpBatchLink makes it (a batch of one):
   * `trpc('mutation', 'auth.signin', { email, password })`. The answer's body is the one result.
   */
  async trpc(type: 'query' | 'mutation', path: string, input?: unknown, extra: HeadersInit = {}): Promise<Answer> {
    const headers = this.requestHeaders(extra);
    const batch = JSON.stringify(input === undefined ? {} : { 0: input });
    let request: Request;
    if (type === 'query') {
      request = new Request(`${ORIGIN}/api/trpc/${path}?batch=1&input=${encodeURIComponent(batch)}`, { headers });
    } else {
      headers.set('content-type', 'application/json');
      request = new Request(`${ORIGIN}/api/trpc/${path}?batch=1`, { method: 'POST', headers, body: batch });
    }
    const response = await serveApi(request);
    return this.answer(response, path, true);
  }
}

/** The data of a successful tRPC answer. */
export function trpcData<T = Record<string, unknown>>(answer: Answer): T {
  return (answer.body as { result: { data: T } }).result.data;
}

/** The `{ message, code }` of a failed tRPC answer. */
export function trpcError(answer: Answer): { message: string; code: string; httpStatus: number } {
  const error = (answer.body as { error: { message: string; data: { code: string; httpStatus: number } } }).error;
  return { message: error.message, code: error.data.code, httpStatus: error.data.httpStatus };
}
