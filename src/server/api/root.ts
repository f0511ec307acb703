// The application router: every procedure of the product, served as tRPC at /api/trpc and as
// REST at the spec's /api/* paths (see src/server/api/rest.ts).
import { healthRouter } from './routers/health/_router';
import { sessionRouter } from './routers/session/_router';
import { taskRouter } from './routers/task/_router';
import { createCallerFactory, createTRPCRouter } from './trpc';

export const appRouter = createTRPCRouter({
  health: healthRouter,
  task: taskRouter,
  session: sessionRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
