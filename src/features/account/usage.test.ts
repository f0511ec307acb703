import { describe, expect, it } from 'vitest';
import { usageBars } from './usage';

const me = {
  tasksCreatedThisMonth: 12,
  sessionsCreatedThisMonth: 20,
  aiBreakdownsThisMonth: 0,
  aiSessionsThisMonth: 7,
  limits: { tasks: 40, sessions: 20, aiBreakdowns: 5, aiSessions: null },
};

describe('usageBars', () => {
  it('shows each counter against its limit, in the order of the account page', () => {
    expect(usageBars(me).map((bar) => [bar.label, bar.text, bar.percent, bar.atLimit])).toEqual([
      ['Tasks', '12 of 40', 30, false],
      ['Sessions', '20 of 20', 100, true],
      ['AI breakdowns', '0 of 5', 0, false],
      ['AI sessions', '7 · Unlimited', 0, false],
    ]);
  });

  it('never draws a bar past full', () => {
    expect(usageBars({ ...me, tasksCreatedThisMonth: 55 })[0]).toMatchObject({ percent: 100, atLimit: true, text: '55 of 40' });
  });
});
