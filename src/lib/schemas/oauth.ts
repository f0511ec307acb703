// The consent screen's answer (POST /api/oauth/authorize): the authorization request as the page
// received it, and what the person chose. The server checks the request again in full
// (src/server/services/oauth/authorization.service.ts).
import { z } from 'zod';
import { TOKEN_SCOPES } from '@/lib/schemas/user';

const ZParam = z.union([z.string().max(4000), z.array(z.string().max(4000)).max(5)]);

export const ZAuthorizeDecisionInput = z.object({
  request: z
    .record(z.string().max(100), ZParam)
    .refine((params) => Object.keys(params).length <= 30, 'Too many parameters')
    .describe('The authorization request’s query parameters, as the consent page received them (client_id, redirect_uri, code_challenge, state, scope, resource, ...)'),
  allow: z.boolean().describe('true: Allow; false: Deny (the app gets `access_denied`)'),
  scopes: z
    .array(z.enum(TOKEN_SCOPES))
    .max(TOKEN_SCOPES.length)
    .optional()
    .describe('With Allow: the requested scopes the person kept ticked (default: all that were requested)'),
});

export const ZAuthorizeDecisionOutput = z.object({
  redirectTo: z.string().describe('Where the browser goes next: the app’s registered redirect URI with `code` (or `error`), `state` and `iss`'),
});
