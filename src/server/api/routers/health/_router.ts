// Health check: proves the app answers and the database is reachable.
import { sql } from '@/server/services/health.service';
import { z } from 'zod';
import { createTRPCRouter, publicProcedure } from '../../trpc';
import { answer } from '@/server/api/answers';

const ZHealthOutput = z.object({
  status: z.literal('ok').describe('Always `ok` when the app and its database answer'),
  database: z.literal('ok'),
  time: z.iso.datetime().describe('Server time, ISO 8601 UTC'),
});

export const healthRouter = createTRPCRouter({
  check: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/health',
        tags: ['health'],
        summary: 'Health check',
        description: 'Answers 200 when the app is up and PostgreSQL answers a query.',
        protect: false,
      },
    })
    .input(z.void())
    .output(answer(ZHealthOutput))
    .query(async ({ ctx }) => sql.check(ctx.db)),
});
