// The simulated user of `npm run soak`: signs in through the API, then loops over the things a
// person does (tasks, subtasks, completing in sessions, reopening, deleting, sessions, lists,
// signing out and in again), keeping its own model of what exists. Every answer is checked for
// status and the JSON shape of docs/api-contract.md; lists are compared with the model; every acknowledged
// counted create is tallied, so the usage counters in PostgreSQL can be checked exactly.
import { sessionCookieFrom, shapes } from './soak-lib.mjs';

export const FREE_LIMITS = { tasks: 40, sessions: 20 }; // src/lib/constants.ts PLAN_LIMITS.free
export const PASSWORD = 'soak password 1234';
const DISPLAY_MODES = ['clock', 'clock-date', 'pomodoro', 'timer', 'stopwatch'];
const IMPORTANCE = ['Low', 'Medium', 'High', 'Critical'];
const DIFFICULTY = ['Easy', 'Medium', 'Hard', 'Very Hard'];

export const limitMessage = (kind) =>
  kind === 'tasks'
    ? `Task limit reached: you've reached your limit of ${FREE_LIMITS.tasks} tasks per month on the Free plan.`
    : `Session limit reached: you've reached your limit of ${FREE_LIMITS.sessions} sessions per month on the Free plan.`;

const pick = (items) => items[Math.floor(Math.random() * items.length)];

export class SimUser {
  /**
   * @param {object} o
   * @param {number} o.n
   * @param {'free'|'plus'} o.tier
   * @param {{ tasks: number, sessions: number }} [o.used] usage already counted this month
   * @param {ReturnType<import('./soak-lib.mjs').httpClient>} o.client
   * @param {import('./soak-lib.mjs').Stats} o.stats
   */
  constructor({ n, tier, client, stats, used = { tasks: 0, sessions: 0 } }) {
    this.n = n;
    this.id = `soak-user-${n}`;
    this.email = `soak-${n}@example.com`;
    this.tier = tier;
    this.client = client;
    this.stats = stats;
    this.cookie = null;
    /** id → { parent, completed, completedIn, sessionId } */
    this.tasks = new Map();
    this.sessions = new Set();
    this.deletedTasks = new Set();
    this.deletedSessions = new Set();
    /** Counted creates this month: the seeded usage plus every acknowledged (2xx) create. */
    this.created = { ...used };
    this.seeded = { ...used };
    this.limitHits = { tasks: 0, sessions: 0 };
    this.signIns = 0;
    /** The write in flight when the app was killed: its outcome is unknown. */
    this.uncertain = null;
    this.stopped = false;
    /** 'steady': every failure counts; 'kill': a failed request after `killed` ends this user. */
    this.mode = 'steady';
    this.killed = false;
  }

  fail(message) {
    this.stats.fail(`user ${this.n} (${this.tier}): ${message}`);
  }

  /** Sends one request, records it and checks the generic rules; returns the response or null when the app is gone. */
  async call(op, method, path, { body, shape, expected = [], uncertain } = {}) {
    const response = await this.client.request(method, path, { body, cookie: this.cookie ?? undefined });
    this.stats.record(op, response);
    if (response.status === 0) {
      if (this.mode === 'kill' && this.killed) {
        this.uncertain = uncertain ?? null;
        this.stopped = true;
        return null;
      }
      this.fail(`${op}: no answer (${response.error}) after ${Math.round(response.ms)} ms`);
      return null;
    }
    if (!response.json) {
      this.fail(`${op}: ${response.status} with a body that is not JSON: ${response.text.slice(0, 120)}`);
      return null;
    }
    if (response.status >= 500) {
      this.fail(`${op}: ${response.status} ${JSON.stringify(response.body).slice(0, 160)}`);
      return null;
    }
    if (response.status >= 200 && response.status < 300) {
      const problem = shape?.(response.body);
      if (problem) this.fail(`${op}: ${problem}`);
      return response;
    }
    const problem = shapes.error(response.body);
    if (problem) this.fail(`${op}: ${response.status} ${problem}`);
    if (!expected.includes(response.status)) this.fail(`${op}: unexpected ${response.status} ${JSON.stringify(response.body).slice(0, 160)}`);
    return response;
  }

  async signIn() {
    const response = await this.call('signin', 'POST', '/api/auth/signin', { body: { email: this.email, password: PASSWORD }, shape: shapes.userAnswer });
    if (response?.status !== 200) return false;
    const cookie = sessionCookieFrom(response.headers);
    if (!cookie) {
      this.fail('signin: 200 without a session cookie');
      return false;
    }
    if (response.body.user.id !== this.id) this.fail('signin: answered another user');
    this.cookie = cookie;
    this.signIns++;
    return true;
  }

  async signOut() {
    const response = await this.call('signout', 'POST', '/api/auth/signout', { body: {}, shape: shapes.success });
    if (response?.status === 200) this.cookie = null;
  }

  openTasks() {
    return [...this.tasks].filter(([, t]) => !t.completed).map(([id]) => id);
  }

  topLevelTasks() {
    return [...this.tasks].filter(([, t]) => t.parent === null).map(([id]) => id);
  }

  limitAnswer(kind, response) {
    if (response.status !== 403) return false;
    const reached = this.tier === 'free' && this.created[kind] >= FREE_LIMITS[kind];
    if (!reached) this.fail(`create ${kind}: 403 although only ${this.created[kind]} were created (${this.tier})`);
    else if (response.body.message !== limitMessage(kind)) this.fail(`create ${kind}: 403 with the wrong message: ${response.body.message}`);
    else if (response.body.reason !== (kind === 'tasks' ? 'task_limit' : 'session_limit')) this.fail(`create ${kind}: 403 with the reason ${response.body.reason}`);
    this.limitHits[kind]++;
    return true;
  }

  async createTask({ subtask = false } = {}) {
    const parents = subtask ? this.topLevelTasks() : [];
    const parent = parents.length ? pick(parents) : null;
    const sessionId = !parent && this.sessions.size && Math.random() < 0.25 ? pick([...this.sessions]) : null;
    const due = Math.random() < 0.7 ? new Date(Date.now() + Math.round(Math.random() * 14 * 86_400_000)).toISOString() : null;
    const body = {
      title: `${parent ? 'Subtask' : 'Task'} ${this.created.tasks + 1} of soak user ${this.n} ✓`,
      description: Math.random() < 0.4 ? 'Written by the soak test: notes, links and a little unicode — ünïcödé.' : '',
      importance: pick(IMPORTANCE),
      difficulty: pick(DIFFICULTY),
      dueDate: due,
      ...(parent ? { parentTaskId: parent } : {}),
      ...(sessionId ? { sessionId } : {}),
    };
    const response = await this.call(parent ? 'create subtask' : 'create task', 'POST', '/api/tasks', {
      body,
      shape: shapes.task,
      expected: [403],
      uncertain: { op: 'createTask', parent, sessionId },
    });
    if (!response) return;
    if (response.status === 200) {
      const task = response.body;
      this.created.tasks++;
      if (task.parentTaskId !== parent || task.completed) this.fail(`create task: answered parent ${task.parentTaskId}, completed ${task.completed}`);
      this.tasks.set(task.id, { parent, completed: false, completedIn: null, sessionId });
    } else this.limitAnswer('tasks', response);
  }

  async completeTask() {
    const open = this.openTasks();
    if (!open.length) return this.createTask();
    const id = pick(open);
    const sessionId = this.sessions.size && Math.random() < 0.6 ? pick([...this.sessions]) : null;
    const response = await this.call(sessionId ? 'complete in session' : 'complete task', 'POST', `/api/tasks/${id}/complete`, {
      body: sessionId ? { sessionId } : {},
      shape: shapes.task,
      uncertain: { op: 'completeTask', id },
    });
    if (response?.status !== 200) return;
    if (!response.body.completed) this.fail('complete: answered completed false');
    if ((response.body.completedInSessionId ?? null) !== sessionId) this.fail(`complete: completedInSessionId ${response.body.completedInSessionId} instead of ${sessionId}`);
    Object.assign(this.tasks.get(id), { completed: true, completedIn: sessionId });
  }

  async reopenTask() {
    const done = [...this.tasks].filter(([, t]) => t.completed).map(([id]) => id);
    if (!done.length) return this.completeTask();
    const id = pick(done);
    const response = await this.call('reopen task', 'PATCH', `/api/tasks/${id}`, {
      body: { completed: false, completedAt: null },
      shape: shapes.task,
      uncertain: { op: 'reopenTask', id },
    });
    if (response?.status !== 200) return;
    if (response.body.completed || response.body.completedAt !== null) this.fail('reopen: still completed');
    Object.assign(this.tasks.get(id), { completed: false, completedIn: null });
  }

  async deleteTask() {
    if (!this.tasks.size) return this.createTask();
    const id = pick([...this.tasks.keys()]);
    const response = await this.call('delete task', 'DELETE', `/api/tasks/${id}`, { shape: shapes.success, uncertain: { op: 'deleteTask', id } });
    if (response?.status !== 200) return;
    for (const [other, task] of this.tasks) {
      if (other === id || task.parent === id) {
        this.tasks.delete(other);
        this.deletedTasks.add(other);
      }
    }
  }

  async createSession() {
    const open = this.openTasks();
    const selected = [...new Set(Array.from({ length: Math.min(open.length, Math.floor(Math.random() * 4)) }, () => pick(open)))];
    const response = await this.call('create session', 'POST', '/api/sessions', {
      body: { displayMode: pick(DISPLAY_MODES), selectedTaskIds: selected, maxTasks: 5 },
      shape: shapes.session,
      expected: [403],
      uncertain: { op: 'createSession' },
    });
    if (!response) return;
    if (response.status === 200) {
      this.created.sessions++;
      this.sessions.add(response.body.id);
      if (response.body.selectedTaskIds.length !== selected.length) this.fail('create session: selectedTaskIds changed');
    } else this.limitAnswer('sessions', response);
  }

  async deleteSession() {
    if (!this.sessions.size) return this.createSession();
    const id = pick([...this.sessions]);
    const response = await this.call('delete session', 'DELETE', `/api/sessions/${id}`, { shape: shapes.success, uncertain: { op: 'deleteSession', id } });
    if (response?.status !== 200) return;
    this.sessions.delete(id);
    this.deletedSessions.add(id);
    for (const task of this.tasks.values()) {
      if (task.sessionId === id) task.sessionId = null;
      if (task.completedIn === id) task.completedIn = null;
    }
  }

  async listTasks() {
    const response = await this.call('list tasks', 'GET', '/api/tasks', { shape: shapes.list(shapes.task) });
    if (response?.status !== 200 || !Array.isArray(response.body)) return;
    const problem = compareTasks(this.tasks, new Map(response.body.map((t) => [t.id, rowOf(t)])));
    if (problem) this.fail(`GET /api/tasks differs from the simulation: ${problem}`);
  }

  async listSessions() {
    const response = await this.call('list sessions', 'GET', '/api/sessions', { shape: shapes.list(shapes.session) });
    if (response?.status !== 200 || !Array.isArray(response.body)) return;
    const got = new Set(response.body.map((s) => s.id));
    if (got.size !== this.sessions.size || [...this.sessions].some((id) => !got.has(id))) {
      this.fail(`GET /api/sessions: ${got.size} sessions, the simulation has ${this.sessions.size}`);
    }
  }

  async me() {
    const response = await this.call('me', 'GET', '/api/auth/me', { shape: shapes.user });
    if (response?.status !== 200) return;
    const u = response.body;
    if (u.tasksCreatedThisMonth !== this.created.tasks || u.sessionsCreatedThisMonth !== this.created.sessions) {
      this.fail(`me: usage ${u.tasksCreatedThisMonth}/${u.sessionsCreatedThisMonth}, the simulation counted ${this.created.tasks}/${this.created.sessions}`);
    }
  }

  async step() {
    if (!this.cookie) return void (await this.signIn());
    const r = Math.random();
    if (r < 0.26) return this.createTask();
    if (r < 0.34) return this.createTask({ subtask: true });
    if (r < 0.44) return this.completeTask();
    if (r < 0.49) return this.reopenTask();
    if (r < 0.57) return this.deleteTask();
    if (r < 0.65) return this.createSession();
    if (r < 0.69) return this.deleteSession();
    if (r < 0.81) return this.listTasks();
    if (r < 0.89) return this.listSessions();
    if (r < 0.97) return this.me();
    return this.signOut();
  }

  /** Writes only (phase 2: keeps the app busy writing when it is killed). */
  async writeStep() {
    if (!this.cookie) return void (await this.signIn());
    const r = Math.random();
    if (r < 0.4) return this.createTask({ subtask: r < 0.1 });
    if (r < 0.6) return this.completeTask();
    if (r < 0.68) return this.reopenTask();
    if (r < 0.8) return this.deleteTask();
    if (r < 0.93) return this.createSession();
    return this.deleteSession();
  }

  async run(deadline, { writesOnly = false, thinkMs = 0 } = {}) {
    while (!this.stopped && Date.now() < deadline) {
      await (writesOnly ? this.writeStep() : this.step());
      if (thinkMs) await new Promise((resolve) => setTimeout(resolve, Math.random() * thinkMs));
    }
  }
}

/** A task row reduced to what the simulation models. */
export const rowOf = (t) => ({
  parent: t.parentTaskId ?? null,
  completed: t.completed,
  completedIn: t.completedInSessionId ?? null,
  sessionId: t.sessionId ?? null,
});

/** null when `actual` (id → row) equals the model, else the first difference. */
export function compareTasks(model, actual, skip = () => false) {
  for (const [id, want] of model) {
    if (skip(id)) continue;
    const got = actual.get(id);
    if (!got) return `task ${id} is missing`;
    for (const key of ['parent', 'completed', 'completedIn', 'sessionId']) {
      if (skip(id, key, want[key])) continue;
      if (got[key] !== want[key]) return `task ${id}: ${key} is ${got[key]}, the simulation has ${want[key]}`;
    }
  }
  const extra = [...actual.keys()].filter((id) => !model.has(id) && !skip(id));
  if (extra.length) return `${extra.length} task(s) the simulation does not know, e.g. ${extra[0]}`;
  return null;
}
