// The forms' schemas say what the forms said before react-hook-form validated with them: the
// product's words, one problem at a time where the product orders them, and nothing the server decides.
import { describe, expect, it } from 'vitest';
import { ZChangePasswordForm, ZForgotPasswordForm, ZNewPasswordForm, ZSignInForm, ZSignUpForm } from './auth-forms';
import { ZBreakdownForm } from './breakdown-form';
import { ZContactForm, ZContactInput } from './contact';
import { ZAiSessionForm, ZSessionSetupForm } from './session-form';
import { quickCaptureFormSchema } from './quick-capture-form';
import { taskFormSchema } from './task-form';
import { profileFormSchema } from './account-forms';
import { ZCreateApiTokenInput, ZDeleteAccountInput } from './user';

/** Each field's message, as react-hook-form shows them (the first issue per field). */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
  return found;
}

describe('sign-in and sign-up forms', () => {
  it('ask for each blank field and trim the address', () => {
    expect(messages(ZSignInForm.safeParse({ email: '  ', password: '' }))).toEqual({
      email: 'Please enter your email address',
      password: 'Please enter your password',
    });
    expect(ZSignInForm.parse({ email: ' Ada@Example.com ', password: ' secret ' })).toEqual({ email: 'Ada@Example.com', password: ' secret ' });
    expect(messages(ZSignUpForm.safeParse({ name: ' ', email: '', password: '' }))).toEqual({
      name: 'Please enter your name',
      email: 'Please enter your email address',
      password: 'Please choose a password',
    });
  });

  it('leave the rest to the server: a malformed address or a short password passes', () => {
    expect(ZSignInForm.safeParse({ email: 'not an email', password: 'x' }).success).toBe(true);
    expect(ZSignUpForm.safeParse({ name: 'Ada', email: 'ada', password: 'short' }).success).toBe(true);
    expect(ZForgotPasswordForm.safeParse({ email: '   ' }).success).toBe(false);
  });
});

describe('new password forms', () => {
  it('ask for matching passwords first, under the confirmation', () => {
    expect(messages(ZNewPasswordForm.safeParse({ newPassword: 'abc', confirmPassword: 'abd' }))).toEqual({
      confirmPassword: 'Please make sure your new passwords match',
    });
  });

  it('then for 8 characters, under the new password', () => {
    expect(messages(ZNewPasswordForm.safeParse({ newPassword: '1234567', confirmPassword: '1234567' }))).toEqual({
      newPassword: 'Password must be at least 8 characters',
    });
    expect(ZNewPasswordForm.safeParse({ newPassword: '12345678', confirmPassword: '12345678' }).success).toBe(true);
  });

  it('change password: the current one is asked for only once the new one is right', () => {
    expect(messages(ZChangePasswordForm.safeParse({ currentPassword: '', newPassword: 'a', confirmPassword: 'b' }))).toEqual({
      confirmPassword: 'Please make sure your new passwords match',
    });
    expect(messages(ZChangePasswordForm.safeParse({ currentPassword: '', newPassword: 'long enough', confirmPassword: 'long enough' }))).toEqual({
      currentPassword: 'Please check your current password and try again',
    });
  });
});

describe('contact form', () => {
  it('names each blank field; the API says "Please fill in all fields" for the same rule', () => {
    const blank = { name: ' ', email: '', message: '  ' };
    expect(messages(ZContactForm.safeParse(blank))).toEqual({
      name: 'Please enter your name',
      email: 'Please enter your email address',
      message: 'Please write a message',
    });
    expect(Object.values(messages(ZContactInput.safeParse(blank)))).toEqual(['Please fill in all fields', 'Please fill in all fields', 'Please fill in all fields']);
    expect(messages(ZContactForm.safeParse({ name: 'Ada', email: 'not an email', message: 'Hi' }))).toEqual({ email: 'Please enter a valid email address' });
  });
});

describe('breakdown form', () => {
  it('asks for a task first, then a description', () => {
    const result = ZBreakdownForm.safeParse({ taskId: '', description: ' ' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Please select a task first', 'Please provide a description']);
    expect(ZBreakdownForm.parse({ taskId: 't1', description: ' Steps ' })).toEqual({ taskId: 't1', description: 'Steps' });
  });
});

describe('session set-up forms', () => {
  const typed = { displayMode: 'pomodoro', sessionDuration: '', maxTasks: ' 5 ', pomodoroWork: '0', pomodoroBreak: 'abc', timerDuration: '12.6' } as const;

  it('send only positive numbers, rounded, and a blank name as none; nothing is an error', () => {
    expect(ZSessionSetupForm.parse({ ...typed, sessionName: '  ', dueDate: null, dueTime: null, selectedTaskIds: ['a'] })).toEqual({
      displayMode: 'pomodoro',
      sessionName: undefined,
      sessionDuration: undefined,
      maxTasks: 5,
      pomodoroWork: undefined,
      pomodoroBreak: undefined,
      timerDuration: 13,
      dueDate: null,
      dueTime: null,
      selectedTaskIds: ['a'],
    });
  });

  it('the AI wizard needs a mood', () => {
    expect(ZAiSessionForm.safeParse({ ...typed, sessionName: 'Morning', mood: null }).success).toBe(false);
    expect(ZAiSessionForm.parse({ ...typed, sessionName: 'Morning', mood: 'tired' })).toMatchObject({ mood: 'tired', sessionName: 'Morning' });
  });

  it("the AI wizard's Just focus is a field of its form, off unless ticked", () => {
    expect(ZAiSessionForm.parse({ ...typed, sessionName: '', mood: 'tired' }).justFocus).toBe(false);
    expect(ZAiSessionForm.parse({ ...typed, sessionName: '', mood: 'tired', justFocus: true }).justFocus).toBe(true);
  });
});

describe('task form', () => {
  const base = {
    title: '  Write the report ',
    description: '  ',
    firstStep: '',
    importance: 'High',
    difficulty: 'Medium',
    date: '2026-11-26',
    time: { hour: 9, minute: 30 },
    color: '#3B82F6',
    repeat: { kind: 'none', interval: 1, days: [], end: 'never', count: 10, until: null },
    estimate: '',
    applyTo: 'following',
  } as const;
  const dashboard = taskFormSchema({ requireDueDate: true });
  const quickCreate = taskFormSchema({ requireDueDate: false });

  it('asks for the due date, then the time, where the form requires one; the quick create does not', () => {
    expect(messages(dashboard.safeParse({ ...base, date: null, time: null, estimate: '0' }))).toEqual({ date: 'Please choose a due date.' });
    expect(messages(dashboard.safeParse({ ...base, time: null }))).toEqual({ time: 'Please choose a due time.' });
    expect(quickCreate.safeParse({ ...base, date: null, time: null }).success).toBe(true);
  });

  it('takes whole minutes 1 to 1440 as the estimate, blank as none', () => {
    for (const estimate of ['0', '1441', '12.5', 'abc', '-3']) {
      expect(messages(quickCreate.safeParse({ ...base, estimate }))).toEqual({ estimate: 'Estimate must be whole minutes between 1 and 1440.' });
    }
    expect(dashboard.parse({ ...base, estimate: ' 90 ' })).toMatchObject({ estimatedMinutes: 90 });
    expect(dashboard.parse(base)).toMatchObject({ title: 'Write the report', description: undefined, estimatedMinutes: null });
  });

  it('a blank title never passes (Create Task stays disabled until there is one)', () => {
    expect(quickCreate.safeParse({ ...base, title: '   ' }).success).toBe(false);
  });

  it('takes the first step as one trimmed line of at most 200 characters, blank as none (null clears it on an edit)', () => {
    expect(dashboard.parse({ ...base, firstStep: '  Open the draft ' })).toMatchObject({ firstStep: 'Open the draft' });
    expect(dashboard.parse({ ...base, firstStep: '   ' })).toMatchObject({ firstStep: null });
    expect(messages(quickCreate.safeParse({ ...base, firstStep: 'x'.repeat(201) }))).toEqual({ firstStep: 'First step must be at most 200 characters.' });
  });
});

describe('account forms', () => {
  const profile = profileFormSchema(() => 'ada@example.com');
  const typed = { name: 'Ada', email: 'ada@example.com', currentPassword: '', timeZone: 'Europe/London' };

  it('profile: a new address (case and spaces aside) needs the current password; the same one does not', () => {
    expect(profile.safeParse({ ...typed, email: ' ADA@example.com ' }).success).toBe(true);
    expect(messages(profile.safeParse({ ...typed, email: 'ada@example.org' }))).toEqual({
      currentPassword: 'Please enter your current password to change your email address',
    });
    expect(profile.safeParse({ ...typed, email: 'ada@example.org', currentPassword: 'secret' }).success).toBe(true);
  });

  it('delete account and a new token check with the API schemas, in the forms’ words', () => {
    expect(messages(ZDeleteAccountInput.safeParse({ password: '' }))).toEqual({ password: 'Please enter your password to delete your account' });
    expect(ZCreateApiTokenInput.parse({ name: '  Laptop script ' })).toEqual({ name: 'Laptop script' });
  });
});

describe('quick capture', () => {
  const schema = quickCaptureFormSchema(() => 'America/New_York');

  it('gives the task draft the words describe', () => {
    const result = schema.safeParse({ text: 'Call Sam tomorrow 5pm !high ~30m every Monday #blue' });
    expect(result.success && result.data).toMatchObject({ title: 'Call Sam', importance: 'High', estimatedMinutes: 30, recurrence: 'FREQ=WEEKLY;BYDAY=MO', color: '#3B82F6' });
  });

  it('says a title is missing when the words leave none, or there are none', () => {
    for (const text of ['tomorrow 5pm !high', '   ', '']) {
      expect(messages(schema.safeParse({ text }))).toEqual({ text: 'Add a few words for the title, e.g. "Call Sam tomorrow 5pm"' });
    }
  });

  it('refuses more than 500 characters', () => {
    expect(schema.safeParse({ text: `Call Sam ${'x'.repeat(500)}` }).success).toBe(false);
  });
});
