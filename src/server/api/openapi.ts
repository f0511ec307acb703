// The OpenAPI 3 document of the REST door, generated from the router: the adapter writes each
// procedure's path, parameters and zod schemas; this file then writes every operation's failures
// from the procedure's meta (src/server/api/responses.ts), with the error body's own zod schema,
// and its security from the rung of the ladder the procedure is built on.
import { generateOpenApiDocument } from 'trpc-to-openapi';
import { stripeWebhookOpenApi } from '@/server/billing/webhook-contract';
import { procedureDefs } from '@/server/compat/trpc';
import { isVoidSchema } from '@/server/compat/zod';
import { DEFAULT_TOKEN_EXPIRY_DAYS } from '@/lib/schemas/user';
import { SCOPE_DESCRIPTIONS } from '@/lib/api-tokens';
import { TOKEN_SCOPES, type TokenScope } from '@/server/auth/token-scopes';
import { ZApiErrorBody } from './errors';
import { procedureErrors, RETRY_AFTER_STATUSES, STATUS_TITLES, type ApiMeta, type ErrorStatus } from './responses';
import { appRouter } from './root';
import { processSingleton } from '@/server/process-singleton';

type OpenApiDocument = ReturnType<typeof generateOpenApiDocument>;

/** Built once per base URL (the app serves one; tests ask for others). */
const cached = processSingleton('openApiDocuments', () => new Map<string, OpenApiDocument>());

/** One line per domain, in the order the reference shows them. */
const TAGS: { name: string; description: string }[] = [
  { name: 'health', description: 'Whether the server and its database answer' },
  { name: 'auth', description: 'Accounts: sign-up, sign-in and out, verification, forgotten passwords' },
  { name: 'user', description: 'Your profile, preferences, password, data export, personal access tokens, connected apps and account deletion' },
  {
    name: 'oauth',
    description:
      'Connecting an assistant to the MCP connector (/api/mcp) with OAuth 2.1: the consent screen’s answer. The authorization server’s own endpoints (registration, token, revocation) are listed at /.well-known/oauth-authorization-server.',
  },
  { name: 'tasks', description: 'Your tasks and subtasks, and the private calendar feed' },
  { name: 'calendars', description: 'Calendars you subscribe to (read-only ICS feeds): their busy time beside your tasks' },
  { name: 'today', description: 'Your day: today’s figures, the fresh start (preview, apply, undo) and Just start' },
  { name: 'sessions', description: 'Focus sessions: the tasks you work through one at a time' },
  { name: 'ai', description: 'Planning a focus session and breaking a task down, by the model or the built-in planner' },
  { name: 'billing', description: 'Plus through Stripe: checkout, the customer portal, cancelling, and Stripe’s webhook' },
  { name: 'contact', description: 'A message to the people running this server' },
];

const COOKIE_ONLY = [{ cookieAuth: [] }];
const COOKIE_OR_TOKEN = [{ cookieAuth: [] }, { bearerAuth: [] }];

export function openApiDocument(baseUrl: string): OpenApiDocument {
  let document = cached.get(baseUrl);
  if (!document) cached.set(baseUrl, (document = build(baseUrl)));
  return document;
}

function build(baseUrl: string): OpenApiDocument {
  const document = generateOpenApiDocument(appRouter, {
    title: 'Onething API',
    description:
      'One task at a time. Every call answers JSON; every failure has the body `Error` (`{ message, code, issues? }`), ' +
      'and each operation lists the statuses it can answer. 429 and most 503 answers carry `Retry-After` (seconds). ' +
      'Authenticate with the session cookie from POST /api/auth/signin, or with `Authorization: Bearer <personal access token>`: ' +
      "each operation that takes a token names the scope it needs (`read` or `write`) in its description and in `x-token-scope` (403 `scope_required` without it); operations that list only the cookie refuse tokens (403 `browser_session_required`). " +
      'A path that is not listed answers 404; a method HTTP does not serve here (e.g. TRACE) answers 405.',
    version: '1.0.0',
    baseUrl: `${baseUrl}/api`,
    defs: { Error: ZApiErrorBody },
    securitySchemes: {
      cookieAuth: {
        type: 'apiKey',
        in: 'cookie',
        // next-auth's cookie name: `__Secure-` prefixed when the app is served over https.
        name: `${baseUrl.startsWith('https://') ? '__Secure-' : ''}next-auth.session-token`,
        description: 'The session cookie set by POST /api/auth/signin or /api/auth/signup (httpOnly, SameSite=Lax)',
      },
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        description: `A personal access token from the account page, with its scopes: ${TOKEN_SCOPES.map((scope) => `\`${scope}\` (${SCOPE_DESCRIPTIONS[scope]})`).join(', ')}. It expires after ${DEFAULT_TOKEN_EXPIRY_DAYS} days unless made otherwise (401 after).`,
      },
    },
  });
  const paths = document.paths as Record<string, Record<string, Operation>>;
  for (const [, procedure] of procedureDefs(appRouter)) {
    const meta = procedure.meta as ApiMeta | undefined;
    if (!meta?.openapi || meta.openapi.enabled === false) continue;
    const method = meta.openapi.method.toLowerCase();
    const operation = paths[meta.openapi.path]?.[method];
    if (!operation) throw new Error(`OpenAPI: ${meta.openapi.method} ${meta.openapi.path} is missing from the generated document`);
    // Any input but z.void() is read, and can be refused (the NUL guard reads even an empty object's query).
    const takesInput = procedure.inputs.some((input) => !isVoidSchema(input));
    describeOperation(operation, meta, method !== 'get', takesInput);
    if (meta.pathValues) expandPath(paths, meta.openapi.path, method, meta.pathValues);
  }
  for (const [path, item] of Object.entries(stripeWebhookOpenApi.paths)) {
    const { errors, ...operation } = item.post;
    paths[path] = { post: { ...(structuredClone(operation) as unknown as Operation), responses: { ...structuredClone(operation.responses), ...errorResponses(new Map(Object.entries(errors).map(([status, reasons]) => [Number(status) as ErrorStatus, [...reasons]]))) } } };
  }
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  // The adapter's own error schemas (one per code, `issues` without `path`) are replaced by `Error`.
  for (const name of Object.keys(schemas)) if (name.startsWith('error.')) delete schemas[name];
  return withDeleteBodies({
    ...document,
    info: {
      ...document.info,
      contact: { name: 'Onething', url: `${baseUrl}/contact` },
      termsOfService: `${baseUrl}/terms`,
      license: { name: 'Proprietary: see the terms of service', url: `${baseUrl}/terms` },
    },
    tags: TAGS,
    components: {
      ...document.components,
      headers: {
        RetryAfter: {
          description: 'Seconds to wait before trying again',
          required: true,
          schema: { type: 'integer', minimum: 1 },
        },
      },
    } as OpenApiDocument['components'],
  });
}

type Parameter = { in: string; name: string; required?: boolean; schema?: unknown; description?: string };
type Operation = {
  operationId?: string;
  description?: string;
  summary?: string;
  tags?: string[];
  security?: unknown;
  /** The personal access token scope the operation needs (absent where tokens are refused). */
  'x-token-scope'?: TokenScope;
  parameters?: Parameter[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
};

function describeOperation(operation: Operation, meta: ApiMeta, mutation: boolean, takesInput: boolean): void {
  const access = meta.access ?? 'public';
  // A procedure a token may reach declares its scope; one that declares none refuses tokens (trpc.ts).
  operation.security = access === 'public' ? [] : access === 'browserSession' || access === 'verifiedBrowserSession' || !meta.scope ? COOKIE_ONLY : COOKIE_OR_TOKEN;
  operation.description ??= operation.summary;
  if (operation.security === COOKIE_OR_TOKEN && meta.scope) {
    operation['x-token-scope'] = meta.scope;
    operation.description += `\n\nPersonal access token scope: \`${meta.scope}\`.`;
  }
  const success = Object.fromEntries(Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith('2')));
  operation.responses = { ...success, ...errorResponses(procedureErrors(meta, mutation, takesInput)) };
}

/** The response objects of error statuses: the shared `Error` body, `Retry-After` where it applies. */
function errorResponses(errors: Map<ErrorStatus, string[]>): Record<string, unknown> {
  return Object.fromEntries(
    [...errors.entries()].map(([status, reasons]) => [
      String(status),
      {
        description: `${STATUS_TITLES[status]}: ${reasons.join('; ')}`,
        ...(RETRY_AFTER_STATUSES.includes(status)
          ? { headers: { 'Retry-After': status === 429 ? { $ref: '#/components/headers/RetryAfter' } : { description: 'Seconds to wait before trying again, when known', schema: { type: 'integer', minimum: 1 } } } }
          : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
}

/** Writes a path parameter with a fixed list of values into the path, once per value. */
function expandPath(paths: Record<string, Record<string, Operation>>, template: string, method: string, values: Record<string, readonly string[]>): void {
  let variants = [{ path: template, suffix: '' }];
  for (const [name, allowed] of Object.entries(values)) {
    variants = variants.flatMap((variant) =>
      allowed.map((value) => ({ path: variant.path.replace(`{${name}}`, value), suffix: allowed.length > 1 ? `${variant.suffix}-${value}` : variant.suffix })),
    );
  }
  const operation = paths[template]![method]!;
  delete paths[template]![method];
  if (Object.keys(paths[template]!).length === 0) delete paths[template];
  for (const variant of variants) {
    const copy = structuredClone(operation);
    copy.parameters = copy.parameters?.filter((parameter) => !(parameter.in === 'path' && parameter.name in values));
    if (copy.parameters?.length === 0) delete copy.parameters;
    copy.operationId = `${operation.operationId}${variant.suffix}`;
    paths[variant.path] = { ...paths[variant.path], [method]: copy };
  }
}

/**
 * The adapter documents a DELETE's input as query parameters, but the REST door reads a DELETE's
 * JSON body (src/server/api/rest.ts), and what a DELETE takes — the account password of
 * DELETE /api/user — must not travel in a URL. So the document asks for a JSON body instead.
 */
function withDeleteBodies<T extends { paths?: unknown }>(document: T): T {
  for (const item of Object.values((document.paths ?? {}) as Record<string, { delete?: Operation }>)) {
    const operation = item.delete;
    const query = operation?.parameters?.filter((parameter) => parameter.in === 'query') ?? [];
    if (!operation || query.length === 0) continue;
    operation.parameters = operation.parameters!.filter((parameter) => parameter.in !== 'query');
    const properties = Object.fromEntries(query.map((parameter) => [parameter.name, { ...(parameter.schema as object), description: parameter.description }]));
    const required = query.filter((parameter) => parameter.required).map((parameter) => parameter.name);
    operation.requestBody = {
      required: required.length > 0,
      content: { 'application/json': { schema: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false } } },
    };
  }
  return document;
}
