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
  return { ...document, paths: { ...document.paths, ...(handlerPaths as unknown as typeof document.paths) } };
}
