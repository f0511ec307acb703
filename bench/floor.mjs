// The floor: the least a server can do to answer the benchmarked calls — node:http and pg, no
// framework, no ORM, no validation library — with the same SQL work, the same JSON and the same
// cookie check as the app (decode next-auth's JWT, then one SELECT for the session version and
// e-mail verification), its statements prepared (named) where the app prepares its own. The
// benchmark reports the app's throughput as a ratio of this one.
//
//   PORT=4100 DATABASE_URL=... AUTH_SECRET=... node bench/floor.mjs
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { readSessionCookie } from './auth.mjs';

// `timestamp` columns hold UTC wall-clock time (as Prisma writes them).
pg.types.setTypeParser(1114, (value) => new Date(`${value.replace(' ', 'T')}Z`));

const TASK_LIST_MAX = 5000;
const PLAN_LIMITS = {
  free: { tasks: 40, sessions: 20, aiBreakdowns: 5, aiSessions: 5 },
  plus: { tasks: null, sessions: null, aiBreakdowns: 50, aiSessions: 50 },
};
const TASK_COLUMNS = `"id", "title", "description", "importance", "difficulty", "dueDate", "completed", "completedAt", "createdAt",
  "sessionId", "completedInSessionId", "parentTaskId", "isAiGenerated", "color", "recurrence", "estimatedMinutes", "firstStep", "focusedSeconds", "letGoAt"`;

export function createFloor({ databaseUrl, secret, poolSize = 10 }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const iso = (date) => (date ? date.toISOString() : null);
  const task = (row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    importance: row.importance,
    difficulty: row.difficulty,
    dueDate: iso(row.dueDate),
    completed: row.completed,
    completedAt: iso(row.completedAt),
    createdAt: iso(row.createdAt),
    sessionId: row.sessionId,
    completedInSessionId: row.completedInSessionId,
    parentTaskId: row.parentTaskId,
    isAiGenerated: row.isAiGenerated,
    color: row.color,
    recurrence: row.recurrence,
    estimatedMinutes: row.estimatedMinutes,
    firstStep: row.firstStep,
    actualMinutes: Math.round(row.focusedSeconds / 60),
    letGoAt: iso(row.letGoAt),
  });
  const send = (res, status, body) => {
    const json = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(json) });
    res.end(json);
  };
  const monthStart = () => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
  };

  async function session(req) {
    const claims = await readSessionCookie(req.headers.cookie, secret);
    if (!claims) return null;
    // As the app: the user's session version and whether this sign-in was ended (Sign Out), in one query.
    const { rows } = await pool.query({
      name: 'session-user',
      text: 'SELECT u."emailVerified", u."sessionVersion", EXISTS (SELECT 1 FROM "EndedSession" e WHERE e."id" = $2) AS "ended" FROM "User" u WHERE u."id" = $1',
      values: [claims.sub, claims.sid ?? ''],
    });
    if (!rows[0] || rows[0].sessionVersion !== claims.sv || rows[0].ended) return null;
    return { userId: claims.sub, emailVerified: rows[0].emailVerified };
  }

  async function readJson(req) {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    return text.trim() ? JSON.parse(text) : {};
  }

  async function listTasks(userId) {
    const { rows } = await pool.query(
      `SELECT ${TASK_COLUMNS} FROM "Task" WHERE "userId" = $1 AND "letGoAt" IS NULL
       ORDER BY "completed" ASC, "dueDate" ASC NULLS LAST, "createdAt" ASC, "id" ASC LIMIT ${TASK_LIST_MAX}`,
      [userId],
    );
    return rows.map(task);
  }

  async function createTask(userId, input) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows: users } = await client.query({ name: 'user-tier', text: 'SELECT "subscriptionTier" FROM "User" WHERE "id" = $1', values: [userId] });
      const max = PLAN_LIMITS[users[0].subscriptionTier].tasks;
      const { rows: used } = await client.query(
        `INSERT INTO "UsageCounter" ("userId", "month", "tasks") VALUES ($1, $2::date, 1)
         ON CONFLICT ("userId", "month") DO UPDATE SET "tasks" = "UsageCounter"."tasks" + 1
         WHERE ${max === null ? 'TRUE' : `"UsageCounter"."tasks" < ${max}`} RETURNING "tasks"`,
        [userId, monthStart()],
      );
      if (!used.length) {
        await client.query('ROLLBACK');
        return null;
      }
      const { rows } = await client.query({
        name: 'create-task',
        text: `INSERT INTO "Task" ("id", "userId", "title", "description", "importance", "difficulty", "dueDate", "color", "isAiGenerated", "updatedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, (now() AT TIME ZONE 'UTC')) RETURNING ${TASK_COLUMNS}`,
        values: [randomUUID(), userId, input.title, input.description, input.importance, input.difficulty, input.dueDate, input.color, input.isAiGenerated],
      });
      await client.query('COMMIT');
      return task(rows[0]);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async function me(userId) {
    // The user and this month's counters in one query, as the app asks for them.
    const { rows } = await pool.query({
      name: 'me-2',
      text: `SELECT u."id", u."name", u."email", u."emailVerified", u."subscriptionTier", u."emailRemindersEnabled", u."marketingEmailsEnabled",
              u."newsletterEnabled", u."pushRemindersEnabled", u."subscriptionStatus", u."cancelAtPeriodEnd", u."subscriptionPeriodEnd",
              u."timeZone", u."pendingEmail", u."pendingEmailExpiresAt", u."createdAt",
              u."workdayStart", u."workdayEnd", u."workdayDays", u."ritualMorning", u."ritualEvening", u."ritualOfferedAt",
              c."tasks", c."sessions", c."aiBreakdowns", c."aiSessions"
       FROM "User" u LEFT JOIN "UsageCounter" c ON c."userId" = u."id" AND c."month" = $2::date
       WHERE u."id" = $1`,
      values: [userId, monthStart()],
    });
    const user = rows[0];
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      subscriptionTier: user.subscriptionTier,
      tasksCreatedThisMonth: user.tasks ?? 0,
      sessionsCreatedThisMonth: user.sessions ?? 0,
      aiBreakdownsThisMonth: user.aiBreakdowns ?? 0,
      aiSessionsThisMonth: user.aiSessions ?? 0,
      limits: PLAN_LIMITS[user.subscriptionTier],
      emailRemindersEnabled: user.emailRemindersEnabled,
      marketingEmailsEnabled: user.marketingEmailsEnabled,
      newsletterEnabled: user.newsletterEnabled,
      pushRemindersEnabled: user.pushRemindersEnabled,
      subscriptionStatus: user.subscriptionStatus,
      cancelAtPeriodEnd: user.cancelAtPeriodEnd,
      subscriptionPeriodEnd: iso(user.subscriptionPeriodEnd),
      timeZone: user.timeZone,
      pendingEmail: user.pendingEmail && user.pendingEmailExpiresAt > new Date() ? user.pendingEmail : null,
      workday: { start: user.workdayStart, end: user.workdayEnd, days: user.workdayDays },
      ritual: { morning: user.ritualMorning, evening: user.ritualEvening, offered: user.ritualOfferedAt !== null },
      createdAt: iso(user.createdAt),
    };
  }

  const SESSION_LIST_MAX = 1000;
  const SESSION_COLUMNS = `"id", "sessionName", "displayMode", "startedAt", "sessionDuration", "maxTasks", "pomodoroWork", "pomodoroBreak",
    "timerDuration", "dueDate", "selectedTaskIds", "sessionType", "userMood", "darkMode", "createdAt"`;

  async function listSessions(userId) {
    const { rows } = await pool.query(
      `SELECT ${SESSION_COLUMNS} FROM "Session" WHERE "userId" = $1 ORDER BY "startedAt" DESC, "id" DESC LIMIT ${SESSION_LIST_MAX}`,
      [userId],
    );
    return rows.map((row) => ({
      id: row.id,
      sessionName: row.sessionName,
      displayMode: row.displayMode,
      startedAt: iso(row.startedAt),
      sessionDuration: row.sessionDuration,
      maxTasks: row.maxTasks,
      pomodoroWork: row.pomodoroWork,
      pomodoroBreak: row.pomodoroBreak,
      timerDuration: row.timerDuration,
      dueDate: iso(row.dueDate),
      selectedTaskIds: row.selectedTaskIds ?? [],
      sessionType: row.sessionType,
      userMood: row.userMood,
      darkMode: row.darkMode,
      createdAt: iso(row.createdAt),
    }));
  }

  /** PATCH /api/tasks/{id} with `{ "completed": true }` (the shape the benchmark sends): own task or 404, then one UPDATE. */
  async function completeByPatch(userId, id) {
    const { rows: own } = await pool.query({
      name: 'own-task',
      text: 'SELECT "id", "userId", "parentTaskId", "completed", "completedAt", "completedInSessionId" FROM "Task" WHERE "id" = $1 AND "userId" = $2',
      values: [id, userId],
    });
    if (!own[0]) return null;
    const completion = own[0].completed ? '' : `, "completed" = true, "completedAt" = $3`;
    const { rows } = await pool.query(
      `UPDATE "Task" SET "updatedAt" = (now() AT TIME ZONE 'UTC')${completion} WHERE "id" = $1 AND "userId" = $2 RETURNING ${TASK_COLUMNS}`,
      own[0].completed ? [id, userId] : [id, userId, new Date().toISOString().replace('Z', '')],
    );
    return task(rows[0]);
  }

  const IMPORTANCE = ['Low', 'Medium', 'High', 'Critical'];
  const DIFFICULTY = ['Easy', 'Medium', 'Hard', 'Very Hard'];

  function validTask(body) {
    const title = typeof body.title === 'string' ? body.title.trim() : '';
    if (!title || title.length > 200) return null;
    const importance = body.importance ?? 'Medium';
    const difficulty = body.difficulty ?? 'Medium';
    if (!IMPORTANCE.includes(importance) || !DIFFICULTY.includes(difficulty)) return null;
    const description = typeof body.description === 'string' && body.description.trim() ? body.description.trim().slice(0, 5000) : null;
    const dueDate = typeof body.dueDate === 'string' && !Number.isNaN(Date.parse(body.dueDate)) ? new Date(body.dueDate).toISOString().replace('Z', '') : null;
    const color = typeof body.color === 'string' && /^#[0-9a-fA-F]{6}$/.test(body.color) ? body.color.toUpperCase() : null;
    return { title, description, importance, difficulty, dueDate, color, isAiGenerated: body.isAiGenerated === true };
  }

  const server = http.createServer(async (req, res) => {
    try {
      const path = req.url.split('?')[0];
      if (path === '/api/health') return send(res, 200, { status: 'ok' });
      const who = await session(req);
      if (!who) return send(res, 401, { message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
      if (path === '/api/auth/me' && req.method === 'GET') return send(res, 200, await me(who.userId));
      if (!who.emailVerified) return send(res, 403, { message: 'Please verify your email address to continue', code: 'FORBIDDEN' });
      if (path === '/api/tasks' && req.method === 'GET') return send(res, 200, await listTasks(who.userId));
      if (path === '/api/tasks' && req.method === 'POST') {
        const input = validTask(await readJson(req));
        if (!input) return send(res, 400, { message: 'Invalid input', code: 'BAD_REQUEST' });
        const created = await createTask(who.userId, input);
        if (!created) return send(res, 403, { message: 'Task limit reached', code: 'FORBIDDEN' });
        return send(res, 200, created);
      }
      if (path === '/api/sessions' && req.method === 'GET') return send(res, 200, await listSessions(who.userId));
      const taskPath = /^\/api\/tasks\/([^/]+)$/.exec(path);
      if (taskPath && req.method === 'PATCH') {
        const body = await readJson(req);
        if (body.completed !== true || Object.keys(body).length !== 1) return send(res, 400, { message: 'Invalid input', code: 'BAD_REQUEST' });
        const updated = await completeByPatch(who.userId, decodeURIComponent(taskPath[1]));
        if (!updated) return send(res, 404, { message: 'Task not found', code: 'NOT_FOUND' });
        return send(res, 200, updated);
      }
      return send(res, 404, { message: 'Not found', code: 'NOT_FOUND' });
    } catch {
      send(res, 500, { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_SERVER_ERROR' });
    }
  });
  server.keepAliveTimeout = 65_000;
  return {
    server,
    listen: (port) => new Promise((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      server.closeAllConnections?.();
      await pool.end();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const floor = createFloor({ databaseUrl: process.env.DATABASE_URL, secret: process.env.AUTH_SECRET });
  const port = Number(process.env.PORT ?? 4100);
  await floor.listen(port);
  process.stdout.write(`floor listening on http://127.0.0.1:${port}\n`);
  const stop = async () => {
    await floor.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
