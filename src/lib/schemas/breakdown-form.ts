// The breakdown form: a task picked, then a description (the order and words). The
// description's rule is the API's (./ai.ts uses ZBreakdownDescription); kept here, apart from the
// AI schemas, so the page loads only this.
import './zod-config';
import { z } from 'zod';
import { TASK_LIMITS } from '@/lib/constants';

export const ZBreakdownDescription = z
  .string()
  .trim()
  .min(1, 'Please provide a description')
  .max(TASK_LIMITS.descriptionMax)
  .describe('What the task involves, in your own words: the steps are drawn from it');

export const ZBreakdownForm = z.object({
  taskId: z.string().min(1, 'Please select a task first'),
  description: ZBreakdownDescription,
});
export type TBreakdownForm = z.input<typeof ZBreakdownForm>;
