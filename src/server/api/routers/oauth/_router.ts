// POST /api/oauth/authorize: the consent screen's Allow or Deny (src/app/(public)/oauth/authorize).
// A browser-session call (a token is refused), so the ladder's cross-site check is its CSRF
// defence; the service checks the whole authorization request again and answers where the
// browser goes next, which is only ever the app's exactly registered redirect URI.
import { ZAuthorizeDecisionInput, ZAuthorizeDecisionOutput } from '@/lib/schemas/oauth';
import { mcpResourceUrl, publicOrigin } from '@/server/http/public-origin';
import { decideAuthorization } from '@/server/services/oauth/authorization.service';
import { browserSessionProcedure, createTRPCRouter } from '../../trpc';
import { answer } from '@/server/api/answers';

export const oauthRouter = createTRPCRouter({
  authorize: browserSessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/oauth/authorize',
        tags: ['oauth'],
        summary: 'Answer an app’s request to connect (the consent screen)',
        description:
          'Allow or Deny an OAuth authorization request of an app connecting to the MCP connector. Answers `redirectTo`: the app’s registered redirect URI with an authorization code (or `error=access_denied`), `state` and `iss`. 400 when the app is unknown or the redirect URI is not one it registered (nothing is sent to it); Allow needs a verified e-mail (403). Needs the browser session (not an API token).',
      },
      errors: { 400: 'The app or its redirect URI is unknown, or nothing was allowed', 403: 'Allow needs a verified e-mail' },
    })
    .input(ZAuthorizeDecisionInput)
    .output(answer(ZAuthorizeDecisionOutput))
    .mutation(({ ctx, input }) => {
      const origin = publicOrigin(ctx.headers);
      return decideAuthorization(
        ctx.db,
        ctx.session,
        input.request,
        { issuer: origin, resource: mcpResourceUrl(origin) },
        { allow: input.allow, scopes: input.scopes },
      );
    }),
});
