// The application router: every procedure of the product, served as tRPC at /api/trpc and as
// REST at the spec's /api/* paths (see src/server/api/rest.ts).
import { authRouter } from './routers/auth/_router';
import { billingRouter } from './routers/billing/_router';
import { contactRouter } from './routers/contact/_router';
import { healthRouter } from './routers/health/_router';
import { userRouter } from './routers/user/_router';
import { pinInputCoercion } from './coercion';
import { createCallerFactory, createTRPCRouter } from './trpc';

export const appRouter = pinInputCoercion(
  createTRPCRouter({
  health: healthRouter,
  auth: authRouter,
  user: userRouter,
  contact: contactRouter,
  billing: billingRouter,
  }),
);

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
