// Seeds the benchmark database straight through SQL (seconds, not minutes): USERS Plus users
// (so task creation never hits a limit) with TASKS tasks (a mix of dated, undated, completed,
// described, coloured tasks and subtasks) and SESSIONS sessions each, plus three users with 20,
// 200 and 2,000 tasks for the growth measurement, and three with 200, 2,000 and 10,000 tasks,
// all but 20 of them completed, for the dashboard's reads as the history grows. E-mail reminders are off for all of them.
export const USERS = 50;
export const TASKS = 200;
export const SESSIONS = 50;
export const GROWTH = [20, 200, 2000];
/** Users whose history grows (all but 20 completed) for the dashboard's reads. */
export const HISTORY = [200, 2000, 10000];

export const userId = (n) => `bench-user-${n}`;
export const growthUserId = (size) => `bench-growth-${size}`;
export const historyUserId = (size) => `bench-history-${size}`;

const UTC_NOW = `(now() AT TIME ZONE 'UTC')`;

function tasksSql(userExpr, count, seriesFrom, completed = 'n % 4 = 0', completedAt = `${UTC_NOW} - interval '1 day'`) {
  // The last tenth are subtasks of the first tasks (one level, as the app allows).
  const topLevel = Math.ceil(count * 0.9);
  return `
    INSERT INTO "Task" ("id", "userId", "title", "description", "importance", "difficulty", "dueDate", "completed", "completedAt",
                        "color", "parentTaskId", "createdAt", "updatedAt")
    SELECT ${userExpr} || '-task-' || n, ${userExpr}, 'Task ' || n || ': write, review & ship',
      CASE WHEN n % 3 = 0 THEN 'Some notes about task ' || n || ' that make the answer a realistic size.' END,
      (ARRAY['Low','Medium','High','Critical'])[1 + n % 4]::"Importance",
      (ARRAY['Easy','Medium','Hard','Very Hard'])[1 + n % 4]::"Difficulty",
      CASE WHEN n % 5 = 0 THEN NULL ELSE ${UTC_NOW} + (n - ${Math.floor(count / 2)}) * interval '3 hours' END,
      ${completed}, CASE WHEN ${completed} THEN ${completedAt} END,
      CASE WHEN n % 2 = 0 THEN '#3B82F6' END,
      CASE WHEN n > ${topLevel} THEN ${userExpr} || '-task-' || (n - ${topLevel}) END,
      ${UTC_NOW} - (${count} - n) * interval '1 hour', ${UTC_NOW}
    FROM ${seriesFrom}, generate_series(1, ${count}) n`;
}

/** @param {import('pg').Client} client */
export async function seed(client) {
  await client.query('BEGIN');
  await client.query(`
    INSERT INTO "User" ("id", "name", "email", "passwordHash", "emailVerified", "subscriptionTier", "emailRemindersEnabled", "updatedAt")
    SELECT 'bench-user-' || u, 'Bench User ' || u, 'bench-' || u || '@example.com', 'not-a-hash', true, 'plus', false, ${UTC_NOW}
    FROM generate_series(1, ${USERS}) u`);
  await client.query(tasksSql(`('bench-user-' || u)`, TASKS, `generate_series(1, ${USERS}) u`));
  await client.query(`
    INSERT INTO "Session" ("id", "userId", "sessionName", "displayMode", "startedAt", "maxTasks", "dueDate", "createdAt")
    SELECT 'bench-user-' || u || '-session-' || s, 'bench-user-' || u, 'Session #' || s,
      (ARRAY['clock','clock-date','pomodoro','timer','stopwatch'])[1 + s % 5]::"DisplayMode",
      ${UTC_NOW} - s * interval '1 day', 5, ${UTC_NOW} - s * interval '1 day', ${UTC_NOW} - s * interval '1 day'
    FROM generate_series(1, ${USERS}) u, generate_series(1, ${SESSIONS}) s`);
  for (const size of GROWTH) {
    await client.query(
      `INSERT INTO "User" ("id", "name", "email", "passwordHash", "emailVerified", "subscriptionTier", "emailRemindersEnabled", "updatedAt")
       VALUES ($1, $2, $3, 'not-a-hash', true, 'plus', false, ${UTC_NOW})`,
      [growthUserId(size), `Growth ${size}`, `bench-growth-${size}@example.com`],
    );
    await client.query(tasksSql(`'${growthUserId(size)}'::text`, size, '(SELECT 1) one'));
  }
  for (const size of HISTORY) {
    await client.query(
      `INSERT INTO "User" ("id", "name", "email", "passwordHash", "emailVerified", "subscriptionTier", "emailRemindersEnabled", "updatedAt")
       VALUES ($1, $2, $3, 'not-a-hash', true, 'plus', false, ${UTC_NOW})`,
      [historyUserId(size), `History ${size}`, `bench-history-${size}@example.com`],
    );
    // Twenty open tasks (a person's day); everything else is completed history.
    await client.query(tasksSql(`'${historyUserId(size)}'::text`, size, '(SELECT 1) one', 'n > 20', `${UTC_NOW} - (${size} - n) * interval '1 hour'`));
  }
  await client.query('COMMIT');
  // VACUUM as autovacuum would have done long ago for a real history: index-only scans (the counts) then skip the table.
  await client.query('VACUUM ANALYZE');
}
