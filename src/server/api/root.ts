// The application router: every procedure of the product, served as tRPC at /api/trpc and as
// REST at the spec's /api/* paths (see src/server/api/rest.ts).
import { aiRouter } from './routers/ai/_router';
import { billingRouter } from './routers/billing/_router';
import { healthRouter } from './routers/health/_router';
import { createCallerFactory, createTRPCRouter } from './trpc';

export const appRouter = createTRPCRouter({
  health: healthRouter,
  ai: aiRouter,
  billing: billingRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
