// Examples of the today router's answers, for the OpenAPI document (a person reading /docs sees
// what comes back before trying it).
const task = {
  id: 'cm4task0000example',
  title: 'Send the invoice',
  description: null,
  importance: 'High',
  difficulty: 'Easy',
  dueDate: '2026-11-24T16:00:00.000Z',
  completed: false,
  completedAt: null,
  createdAt: '2026-11-20T09:12:00.000Z',
  sessionId: null,
  completedInSessionId: null,
  parentTaskId: null,
  isAiGenerated: false,
  color: null,
  recurrence: null,
  estimatedMinutes: 20,
  firstStep: 'Open last month’s invoice',
  actualMinutes: 0,
  letGoAt: null,
};

export const EXAMPLE_TODAY = {
  date: '2026-11-27',
  window: { start: '2026-11-27T09:00:00.000Z', end: '2026-11-27T17:00:00.000Z' },
  plannedMinutes: 190,
  focusedMinutes: 25,
  completedToday: 2,
  busyMinutes: 30,
  freeMinutes: 130,
  overMinutes: 0,
  freeUntil: { until: '2026-11-27T14:20:00.000Z', minutes: 70, nextEvent: 'Standup' },
  line: null,
  lastLine: { date: '2026-11-26', line: 'Slow start, but the invoice went out.' },
  carriedOver: [task],
  today: [],
};

export const EXAMPLE_PREVIEW = { proposals: [{ taskId: task.id, action: 'today', dueDate: '2026-11-27T16:00:00.000Z' }] };

export const EXAMPLE_FRESH_START = {
  body: { decisions: [{ taskId: task.id, action: 'today' }, { taskId: 'cm4task0000other', action: 'let-go' }] },
  answer: { id: 'cm4fresh000example', changed: 2 },
};

export const EXAMPLE_NEXT = {
  task: { ...task, dueDate: '2026-12-03T16:00:00.000Z' },
  firstStep: 'Open last month’s invoice',
  firstStepTaskId: null,
  reason: 'due Thursday, about 20 min, fits before 17:00',
  minutes: 10,
};
