'use client';
// The AI session planner call (POST /sessions/ai-plan, tRPC `ai.plan`), with the shapes of
// src/lib/schemas/ai.ts. It goes through the app's typed tRPC client so the
// wizard can cancel a long wait with an AbortSignal.
import type { TAiPlanOutput } from '@/lib/schemas/ai';
import { useTRPCClient } from '@/trpc/react';
import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

export type AiPlanInput = inferRouterInputs<AppRouter>['ai']['plan'];
export type AiPlanResult = TAiPlanOutput;

export function useAiPlanClient() {
  const client = useTRPCClient();
  return (input: AiPlanInput, signal?: AbortSignal): Promise<AiPlanResult> => client.ai.plan.mutate(input, { signal });
}
