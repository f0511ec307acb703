'use client';
// The AI session planner call (POST /sessions/ai-plan, tRPC `ai.plan`). Its shapes are those of
// spec section 3 and api.md (mirrored from src/lib/schemas/ai.ts on the AI branch). The call
// goes through the app's tRPC client, and can be cancelled with an AbortSignal.
import type { DisplayMode, Mood } from '@/lib/constants';
import { useTRPCClient } from '@/trpc/react';

export interface AiPlanInput {
  mood: Mood;
  displayMode: DisplayMode;
  maxTasks?: number;
  pomodoroWork?: number;
  pomodoroBreak?: number;
  timerDuration?: number;
  sessionDuration?: number;
}

export interface AiPlanResult {
  sessionAdvice: string;
  estimatedDuration: number;
  recommendedTasks: { taskId: string; title: string; reasoning: string; estimatedTime: number }[];
  /** 'ai' when a language model answered, 'built-in' for Onething's own rules. */
  planner: 'ai' | 'built-in';
  model?: string | null;
}

type PlanClient = { ai: { plan: { mutate: (input: AiPlanInput, options?: { signal?: AbortSignal }) => Promise<AiPlanResult> } } };

export function useAiPlanClient() {
  // The AI router joins the app router on its own branch; until then it is reached through the
  // same client by its documented name (the proxy client resolves any path at run time).
  const client = useTRPCClient() as unknown as PlanClient;
  return (input: AiPlanInput, signal?: AbortSignal) => client.ai.plan.mutate(input, { signal });
}
