// The soak's database side, shared by `npm run soak` (bench/soak.mjs) and its cluster variant
// (bench/cluster-soak.mjs): seeding the simulated users, reading back what PostgreSQL holds, and
// comparing it with each user's model.
import argon2 from 'argon2';
import { compareTasks, FREE_LIMITS, PASSWORD, rowOf } from './soak-sim.mjs';

/**
 * Users soak-user-<first>..<last>, odd Free and even Plus, verified, one real argon2id hash.
 * Every other Free user has already used most of this month's quota (as after a busy month), so
 * Free limits are reached within the run even on a slow machine; the rest start from zero.
 */
export const SEEDED_USAGE = { tasks: FREE_LIMITS.tasks - 6, sessions: FREE_LIMITS.sessions - 3 };
export async function seedUsers(client, first, last, tier = (n) => (n % 2 ? 'free' : 'plus')) {
  const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const ns = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  await client.query(
    `INSERT INTO "User" ("id", "name", "email", "passwordHash", "emailVerified", "subscriptionTier", "emailRemindersEnabled", "updatedAt")
     SELECT 'soak-user-' || n, 'Soak User ' || n, 'soak-' || n || '@example.com', $1, true, t::"SubscriptionTier", false, now()
     FROM unnest($2::int[], $3::text[]) AS s(n, t)`,
    [hash, ns, ns.map(tier)],
  );
  const busy = ns.filter((n) => tier(n) === 'free' && n % 4 === 1);
  // The month as the app counts it: the first day of the current month in UTC.
  await client.query(
    `INSERT INTO "UsageCounter" ("userId", "month", "tasks", "sessions")
     SELECT 'soak-user-' || n, date_trunc('month', now() AT TIME ZONE 'UTC')::date, $2, $3 FROM unnest($1::int[]) AS s(n)`,
    [busy, SEEDED_USAGE.tasks, SEEDED_USAGE.sessions],
  );
  return ns.map((n) => ({ n, tier: tier(n), used: busy.includes(n) ? { ...SEEDED_USAGE } : { tasks: 0, sessions: 0 } }));
}

/** What the database holds for these users. */
export async function snapshot(client, ids) {
  const tasks = await client.query(
    `SELECT "id", "userId", "completed", "parentTaskId", "completedInSessionId", "sessionId" FROM "Task" WHERE "userId" = ANY($1)`,
    [ids],
  );
  const sessions = await client.query(`SELECT "id", "userId" FROM "Session" WHERE "userId" = ANY($1)`, [ids]);
  const counters = await client.query(
    `SELECT "userId", "month", "tasks", "sessions", "aiBreakdowns", "aiSessions" FROM "UsageCounter" WHERE "userId" = ANY($1)`,
    [ids],
  );
  const by = (rows) => {
    const map = new Map(ids.map((id) => [id, []]));
    for (const row of rows) map.get(row.userId)?.push(row);
    return map;
  };
  return { tasks: by(tasks.rows), sessions: by(sessions.rows), counters: by(counters.rows) };
}

/**
 * Compares the database with each user's model. A user whose last write was in flight when the
 * app died (`uncertain`) may have that one write or not; everything acknowledged must be there.
 * Returns the list of problems.
 */
export function verifyUsers(users, snap) {
  const problems = [];
  const totals = { tasks: 0, sessions: 0, uncertainWrites: 0, uncertainLanded: 0 };
  for (const user of users) {
    const u = user.uncertain;
    if (u) totals.uncertainWrites++;
    const dbTasks = new Map(snap.tasks.get(user.id).map((row) => [row.id, rowOf(row)]));
    const dbSessions = new Set(snap.sessions.get(user.id).map((row) => row.id));
    totals.tasks += dbTasks.size;
    totals.sessions += dbSessions.size;
    // Tasks the in-flight write may have created or removed.
    const extraTasks = [...dbTasks.keys()].filter((id) => !user.tasks.has(id));
    const extraSessions = [...dbSessions].filter((id) => !user.sessions.has(id));
    const maybeCreatedTask = u?.op === 'createTask' && extraTasks.length === 1 ? extraTasks[0] : undefined;
    const maybeCreatedSession = u?.op === 'createSession' && extraSessions.length === 1 ? extraSessions[0] : undefined;
    if (maybeCreatedTask || maybeCreatedSession) totals.uncertainLanded++;
    const skip = (id, key, value) => {
      if (id === maybeCreatedTask) return true;
      if (u?.op === 'deleteTask' && (id === u.id || user.tasks.get(id)?.parent === u.id)) return key === undefined;
      if (u?.op === 'completeTask' || u?.op === 'reopenTask') return id === u.id && (key === 'completed' || key === 'completedIn');
      if (u?.op === 'deleteSession' && key && value === u.id) return true;
      return false;
    };
    const taskProblem = compareTasks(user.tasks, dbTasks, skip);
    if (taskProblem) problems.push(`user ${user.n}: ${taskProblem}${u ? ` (in-flight write: ${u.op})` : ''}`);
    for (const id of user.deletedTasks) if (dbTasks.has(id)) problems.push(`user ${user.n}: deleted task ${id} is back`);
    const sessionsWanted = [...user.sessions].filter((id) => !(u?.op === 'deleteSession' && id === u.id));
    const missingSessions = sessionsWanted.filter((id) => !dbSessions.has(id));
    const unknownSessions = extraSessions.filter((id) => id !== maybeCreatedSession);
    if (missingSessions.length) problems.push(`user ${user.n}: ${missingSessions.length} acknowledged session(s) missing, e.g. ${missingSessions[0]}`);
    if (unknownSessions.length) problems.push(`user ${user.n}: ${unknownSessions.length} session(s) the simulation does not know`);
    for (const id of user.deletedSessions) if (dbSessions.has(id)) problems.push(`user ${user.n}: deleted session ${id} is back`);
    // Usage: the sum over months equals the acknowledged creates (plus the in-flight one if it landed).
    const rows = snap.counters.get(user.id);
    const sum = (key) => rows.reduce((total, row) => total + row[key], 0);
    const wantTasks = user.created.tasks + (maybeCreatedTask ? 1 : 0);
    const wantSessions = user.created.sessions + (maybeCreatedSession ? 1 : 0);
    if (sum('tasks') !== wantTasks) problems.push(`user ${user.n}: UsageCounter.tasks ${sum('tasks')}, acknowledged creates ${wantTasks}`);
    if (sum('sessions') !== wantSessions) problems.push(`user ${user.n}: UsageCounter.sessions ${sum('sessions')}, acknowledged creates ${wantSessions}`);
    if (sum('aiBreakdowns') !== 0 || sum('aiSessions') !== 0) problems.push(`user ${user.n}: AI counters are not 0`);
    if (user.tier === 'free') {
      for (const row of rows) {
        if (row.tasks > FREE_LIMITS.tasks || row.sessions > FREE_LIMITS.sessions) problems.push(`user ${user.n}: Free counters over the limit (${row.tasks}/${row.sessions})`);
      }
    }
  }
  return { problems, totals };
}

/** After a kill: take the outcome of the in-flight writes from the database, so each model is exact again. */
export function adoptDatabase(users, snap) {
  for (const user of users) {
    if (!user.uncertain) continue;
    const dbTasks = new Map(snap.tasks.get(user.id).map((row) => [row.id, rowOf(row)]));
    const dbSessions = new Set(snap.sessions.get(user.id).map((row) => row.id));
    for (const [id, row] of dbTasks) {
      if (!user.tasks.has(id)) user.created.tasks++;
      user.tasks.set(id, row);
    }
    for (const id of [...user.tasks.keys()]) {
      if (!dbTasks.has(id)) {
        user.tasks.delete(id);
        user.deletedTasks.add(id);
      }
    }
    for (const id of dbSessions) {
      if (!user.sessions.has(id)) {
        user.sessions.add(id);
        user.created.sessions++;
      }
    }
    for (const id of [...user.sessions]) {
      if (!dbSessions.has(id)) {
        user.sessions.delete(id);
        user.deletedSessions.add(id);
      }
    }
    user.uncertain = null;
  }
}

