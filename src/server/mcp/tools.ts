// The MCP connector's tools: each one calls the app's tRPC router through createCaller with the
// token's context, so the procedure ladder (token scope, verified e-mail, ownership, plan limits,
// AI rate limits) applies exactly as on the REST door. Arguments use the REST fields' names (a
// task or session is named by `id`), and the schemas are the router's own.
import { z } from "zod";
import {
  ZAiPlanInput,
  ZAiPlanOutput,
  ZBreakdownInput,
  ZBreakdownOutput,
} from "@/lib/schemas/ai";
import {
  describeFactor,
  overrunFactor,
  weeklyEstimates,
} from "@/lib/estimates";
import {
  ZCreateFocusSessionInput,
  ZFocusSessionOutput,
} from "@/lib/schemas/session";
import {
  ZCompleteTaskInput,
  ZCompleteTaskOutput,
  ZCreateTaskInput,
  ZListTasksInput,
  ZParseTaskInput,
  ZPatchTaskInput,
  ZTaskDraft,
  ZTaskOutput,
} from "@/lib/schemas/task";
import {
  ZFreshStartPreview,
  ZNextInput,
  ZNextOutput,
  ZTodayOutput,
} from "@/lib/schemas/today";
import type { createCaller } from "@/server/api/root";

type Caller = ReturnType<typeof createCaller>;

type ToolAnnotations = {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
};

export type McpTool<
  I extends z.ZodObject = z.ZodObject,
  O extends z.ZodObject = z.ZodObject,
> = {
  name: string;
  title: string;
  description: string;
  /** The router procedure whose declared scope (read or write) the tool needs. */
  procedure: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  run: (caller: Caller, input: z.output<I>) => Promise<z.input<O>>;
  /** One line for the text content beside the structured result. */
  summarise: (result: z.output<O>) => string;
};

const define = <I extends z.ZodObject, O extends z.ZodObject>(
  tool: McpTool<I, O>,
) => tool as unknown as McpTool;

const READ: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

const quoted = (title: string) =>
  `"${title.length > 80 ? `${title.slice(0, 79)}…` : title}"`;

const ZTaskList = z.object({
  tasks: z
    .array(ZTaskOutput)
    .describe("The tasks, open ones first, then by due date"),
  nextCursor: z
    .string()
    .nullable()
    .describe(
      "Pass as cursor for the next page; null on the last page or without paging",
    ),
});

const ZEstimateWeek = z.object({
  weekStart: z
    .string()
    .describe("The Monday of the week (YYYY-MM-DD, in your time zone)"),
  estimated: z
    .number()
    .describe("Minutes estimated for the tasks completed that week"),
  actual: z.number().describe("Minutes actually focused on them"),
  tasks: z
    .number()
    .int()
    .describe("Tasks with an estimate and focused time completed that week"),
});

const ZFocusStats = z.object({
  factor: z
    .number()
    .nullable()
    .describe(
      "Actual over estimated minutes (1.4: tasks take 40 % longer than planned); null until 3 measured tasks",
    ),
  summary: z.string().describe("The factor in words"),
  measuredTasks: z
    .number()
    .int()
    .describe("Completed tasks with an estimate and focused time"),
  estimatedMinutes: z.number().describe("Their estimates, summed"),
  actualMinutes: z.number().describe("Their focused minutes, summed"),
  weeks: z.array(ZEstimateWeek).describe("The last 8 weeks, oldest first"),
});

const ZUpdateTaskArgs = ZPatchTaskInput.describe("Only the fields sent change");

export const MCP_TOOLS: McpTool[] = [
  define({
    name: "list_tasks",
    title: "List tasks",
    description:
      "Your tasks, subtasks included (flat, with parentTaskId): open ones first, then by due date. Filters: status (open, completed, let-go, all), from/to on the due date; limit/cursor page through them.",
    procedure: "task.list",
    // `completed` is the query string's older spelling of status: an assistant has status.
    input: ZListTasksInput.omit({ completed: true }),
    output: ZTaskList,
    annotations: READ,
    run: async (caller, input) => {
      const answer = await caller.task.list(input);
      return Array.isArray(answer)
        ? { tasks: answer, nextCursor: null }
        : { tasks: answer.items, nextCursor: answer.nextCursor };
    },
    summarise: (result) =>
      result.tasks.length === 0
        ? "No tasks."
        : result.tasks
            .map(
              (task) =>
                `- ${task.completed ? "[x]" : "[ ]"} ${task.title} (id ${task.id})`,
            )
            .join("\n"),
  }),
  define({
    name: "create_task",
    title: "Create a task",
    description:
      "Creates a task or subtask (parentTaskId: one of your top-level tasks). Counts against the plan's monthly task limit.",
    procedure: "task.create",
    input: ZCreateTaskInput,
    output: ZTaskOutput,
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    },
    run: (caller, input) => caller.task.create(input),
    summarise: (task) => `Created ${quoted(task.title)} (id ${task.id}).`,
  }),
  define({
    name: "update_task",
    title: "Change a task",
    description:
      "Changes the fields sent of one of your tasks (named by id); the others stay. `{ completed: false }` reopens a completed task.",
    procedure: "task.patch",
    input: ZUpdateTaskArgs,
    output: ZTaskOutput,
    annotations: {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    },
    run: (caller, input) => caller.task.patch(input),
    summarise: (task) => `Updated ${quoted(task.title)} (id ${task.id}).`,
  }),
  define({
    name: "complete_task",
    title: "Complete a task",
    description:
      "Marks one of your tasks (named by id) completed now. A repeating task's next occurrence is created, unless the plan's limit is reached (seriesPaused).",
    procedure: "task.complete",
    input: ZCompleteTaskInput,
    output: ZCompleteTaskOutput,
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
    run: (caller, input) => caller.task.complete(input),
    summarise: (task) =>
      `Completed ${quoted(task.title)}.${task.seriesPaused ? " The series paused at the plan limit." : ""}`,
  }),
  define({
    name: "parse_task",
    title: "Read words into a task draft",
    description:
      'Reads e.g. "Call Sam tomorrow 5pm !high ~30m every Monday" on your time zone\'s clock into a draft { title, dueDate, importance, estimatedMinutes, recurrence, color }. Nothing is saved: create it with create_task.',
    procedure: "task.parse",
    input: ZParseTaskInput,
    output: ZTaskDraft,
    // It changes nothing, but the REST contract gives parse to the write scope.
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
    run: (caller, input) => caller.task.parse(input),
    summarise: (draft) =>
      `Draft: ${quoted(draft.title)}${draft.dueDate ? `, due ${draft.dueDate}` : ""}.`,
  }),
  define({
    name: "get_today",
    title: "Your day",
    description:
      "Today in your time zone: the workday's window, planned, focused, busy and free minutes, tasks carried over and tasks due today.",
    procedure: "today.get",
    input: z.object({}),
    output: ZTodayOutput,
    annotations: READ,
    run: (caller) => caller.today.get(),
    summarise: (day) =>
      `${day.date}: ${day.today.length} due today, ${day.carriedOver.length} carried over; ${day.plannedMinutes} min planned, ${day.focusedMinutes} focused, ${day.freeMinutes} free.`,
  }),
  define({
    name: "fresh_start_preview",
    title: "Fresh start: a proposal",
    description:
      "For every carried-over task, a proposal: today, tomorrow, this week, someday or let go. Changes nothing.",
    procedure: "today.previewFreshStart",
    input: z.object({}),
    output: ZFreshStartPreview,
    // Changes nothing, but the REST contract gives fresh start to the write scope.
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
    run: (caller) => caller.today.previewFreshStart(),
    summarise: (preview) =>
      preview.proposals.length === 0
        ? "Nothing is carried over."
        : preview.proposals
            .map((proposal) => `- ${proposal.taskId}: ${proposal.action}`)
            .join("\n"),
  }),
  define({
    name: "just_start",
    title: "Just start",
    description:
      'One task to begin now, its first step and why, and the starter timer\'s minutes. `skip`: task ids already offered, comma-separated ("something else").',
    procedure: "today.next",
    input: ZNextInput,
    output: ZNextOutput,
    annotations: READ,
    run: (caller, input) => caller.today.next(input),
    summarise: (next) =>
      next.task
        ? `Start ${quoted(next.task.title)} (id ${next.task.id}): ${next.firstStep ?? ""} ${next.reason}`.trim()
        : "Nothing open to start.",
  }),
  define({
    name: "start_focus_session",
    title: "Start a focus session",
    description:
      "Creates a focus session with your chosen tasks (selectedTaskIds, in order), display mode and timer settings. Counts against the plan's session limit.",
    procedure: "session.create",
    input: ZCreateFocusSessionInput,
    output: ZFocusSessionOutput,
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    },
    run: (caller, input) => caller.session.create(input),
    summarise: (session) =>
      `Started ${quoted(session.sessionName)} (id ${session.id}) with ${session.selectedTaskIds.length} task(s).`,
  }),
  define({
    name: "get_focus_stats",
    title: "Estimates against focus",
    description:
      "How long tasks really take you: actual focused minutes against estimates for completed tasks, overall and per week for the last 8 weeks.",
    procedure: "task.list",
    input: z.object({}),
    output: ZFocusStats,
    annotations: READ,
    run: async (caller) => {
      const [me, completed] = await Promise.all([
        caller.auth.me(),
        caller.task.list({ status: "completed" }),
      ]);
      const tasks = Array.isArray(completed) ? completed : completed.items;
      const measured = tasks.filter(
        (task) =>
          task.estimatedMinutes !== null &&
          task.estimatedMinutes > 0 &&
          task.actualMinutes > 0,
      );
      const factor = overrunFactor(tasks);
      return {
        factor,
        summary: describeFactor(factor),
        measuredTasks: measured.length,
        estimatedMinutes: measured.reduce(
          (sum, task) => sum + task.estimatedMinutes!,
          0,
        ),
        actualMinutes: measured.reduce(
          (sum, task) => sum + task.actualMinutes,
          0,
        ),
        weeks: weeklyEstimates(tasks, me.timeZone),
      };
    },
    summarise: (stats) =>
      `${stats.summary} (${stats.measuredTasks} measured tasks: ${stats.estimatedMinutes} min estimated, ${stats.actualMinutes} min focused.)`,
  }),
  define({
    name: "plan_session",
    title: "Plan a session from a mood",
    description:
      "Recommends which of your open tasks to do now for a mood (energetic, focused, relaxed, tired, stressed), with reasons and estimates. Saves nothing; shares the AI limit of 30 calls an hour.",
    procedure: "ai.plan",
    input: ZAiPlanInput,
    output: ZAiPlanOutput,
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    },
    run: (caller, input) => caller.ai.plan(input),
    summarise: (plan) =>
      plan.recommendedTasks
        .map(
          (task) =>
            `- ${task.title} (~${task.estimatedTime} min): ${task.reasoning}`,
        )
        .join("\n") || "No tasks to recommend.",
  }),
  define({
    name: "break_down_task",
    title: "Break a task into steps",
    description:
      "Proposes subtasks (with estimates and difficulty) and tips for one of your tasks (named by id). Nothing is created: add the ones you want with create_task and parentTaskId. Shares the AI limit of 30 calls an hour.",
    procedure: "ai.breakdown",
    input: ZBreakdownInput,
    output: ZBreakdownOutput,
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    },
    run: (caller, input) => caller.ai.breakdown(input),
    summarise: (breakdown) =>
      breakdown.subtasks
        .map((step) => `- ${step.title} (~${step.estimatedTime} min)`)
        .join("\n") || "No steps proposed.",
  }),
];
