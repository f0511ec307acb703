// The bench's requests, by row: plain data in, a numbered request out (`(i) => spec`). One
// module for both threads: the closed loop builds them in the bench's own thread, the open loop
// in the thread it runs on (bench/open-loop-thread.mjs), from the same plain data.
import { TASKS, USERS, userId } from './seed.mjs';

/**
 * @param {string} key the row: tasks, me, sessions, patch, post, growth, dashboard
 * @param {{ cookies?: string[], due?: string, cookie?: string }} data the session cookies the requests
 *   take turns with (a growth row's one cookie), and the due date of the tasks POST adds
 * @returns {(i: number) => { method: string, path: string, headers?: object, body?: string }}
 */
export function requestsFor(key, data) {
  const byUser = (i) => data.cookies[i % data.cookies.length];
  switch (key) {
    case 'tasks':
    case 'me':
    case 'sessions': {
      const path = { tasks: '/api/tasks', me: '/api/auth/me', sessions: '/api/sessions' }[key];
      return (i) => ({ method: 'GET', path, headers: { cookie: byUser(i) } });
    }
    // Completes the seeded tasks one after the other (completing a completed task is the same
    // query work: ownership SELECT + UPDATE ... RETURNING). Their ids (bench/seed.mjs):
    // `<user id>-task-<n>`, n from 1.
    case 'patch':
      return (i) => ({
        method: 'PATCH',
        path: `/api/tasks/${userId((i % USERS) + 1)}-task-${(Math.floor(i / USERS) % TASKS) + 1}`,
        headers: { cookie: byUser(i) },
        body: JSON.stringify({ completed: true }),
      });
    case 'post':
      return (i) => ({
        method: 'POST',
        path: '/api/tasks',
        headers: { cookie: byUser(i) },
        body: JSON.stringify({ title: `Bench task ${i}`, description: 'Made by the benchmark', importance: 'High', difficulty: 'Hard', dueDate: data.due, color: '#10B981' }),
      });
    case 'growth':
      return () => ({ method: 'GET', path: '/api/tasks', headers: { cookie: data.cookie } });
    // The dashboard's reads, in turn, as the page asks for them: the open tasks, the counts, the
    // first page of completed history.
    case 'dashboard': {
      const paths = ['/api/tasks?status=open', '/api/tasks/counts', '/api/tasks?status=completed&limit=20'];
      return (i) => ({ method: 'GET', path: paths[i % paths.length], headers: { cookie: data.cookie } });
    }
    default:
      throw new Error(`no requests for the row ${key}`);
  }
}
