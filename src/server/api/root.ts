// The application router: every procedure of the product, served as tRPC at /api/trpc and as
// REST at the contract's /api/* paths (docs/api-contract.md) (see src/server/api/rest.ts).
import { pinInputCoercion } from '@/server/compat/zod';
import { aiRouter } from './routers/ai/_router';
import { authRouter } from './routers/auth/_router';
import { billingRouter } from './routers/billing/_router';
import { calendarRouter } from './routers/calendar/_router';
import { contactRouter } from './routers/contact/_router';
import { healthRouter } from './routers/health/_router';
import { oauthRouter } from './routers/oauth/_router';
import { focusSessionRouter } from './routers/session/_router';
import { taskRouter } from './routers/task/_router';
import { todayRouter } from './routers/today/_router';
import { userRouter } from './routers/user/_router';
import { createCallerFactory, createTRPCRouter } from './trpc';

export const appRouter = pinInputCoercion(
  createTRPCRouter({
    health: healthRouter,
    auth: authRouter,
    user: userRouter,
    contact: contactRouter,
    // Before task and session: its static paths (/sessions/ai-plan) must win over /{id} ones.
    ai: aiRouter,
    task: taskRouter,
    today: todayRouter,
    session: focusSessionRouter,
    billing: billingRouter,
    calendar: calendarRouter,
    oauth: oauthRouter,
  }),
);

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
