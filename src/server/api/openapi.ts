// The OpenAPI 3 document of the REST door, generated from the router's metadata.
import { generateOpenApiDocument } from 'trpc-to-openapi';
import { stripeWebhookOpenApiPath } from '@/server/billing/webhook';
import { appRouter } from './root';

let cached: ReturnType<typeof generateOpenApiDocument> | undefined;

/** Calls served by plain route handlers rather than procedures, documented by hand. */
const handlerPaths = { ...stripeWebhookOpenApiPath };

export function openApiDocument(baseUrl: string) {
  cached ??= withHandlerPaths(generateOpenApiDocument(appRouter, {
    title: 'Onething API',
    description:
      'One task at a time. Every call answers JSON; errors have the body `{ message, code, issues? }`. ' +
      'Authenticate with the session cookie from POST /api/auth/signin, or with `Authorization: Bearer <personal access token>`.',
    version: '1.0.0',
    baseUrl: `${baseUrl}/api`,
    securitySchemes: {
      cookieAuth: {
        type: 'apiKey',
        in: 'cookie',
        // next-auth's cookie name: `__Secure-` prefixed when the app is served over https.
        name: `${baseUrl.startsWith('https://') ? '__Secure-' : ''}next-auth.session-token`,
        description: 'The session cookie set by POST /api/auth/signin or /api/auth/signup (httpOnly, SameSite=Lax)',
      },
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'A personal access token from the account page' },
    },
  }));
  return cached;
}

function withHandlerPaths(document: ReturnType<typeof generateOpenApiDocument>) {
  return withDeleteBodies({ ...document, paths: { ...document.paths, ...(handlerPaths as unknown as typeof document.paths) } });
}

type Parameter = { in: string; name: string; required?: boolean; schema?: unknown; description?: string };
type Operation = { parameters?: Parameter[]; requestBody?: unknown };

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
