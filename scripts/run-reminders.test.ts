// `npm run reminders` as an operator runs it: Node loads the TypeScript job directly, mails go
// to the outbox when SMTP_URL is unset, and a second run sends nothing new.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { createTaskRow, createUser } from '@/test/factories';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onething-reminders-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function runCli() {
  const env: NodeJS.ProcessEnv = { ...process.env, ONETHING_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.SMTP_URL;
  delete env.VITEST;
  return spawnSync(process.execPath, [path.resolve(import.meta.dirname, 'run-reminders.mjs')], { env, encoding: 'utf8', timeout: 60_000 });
}

describe('npm run reminders', () => {
  it('sends the due reminders once, to the outbox without SMTP', async () => {
    const user = await createUser();
    const task = await createTaskRow(user.id, { title: 'Pay the rent', dueDate: new Date(Date.now() + 2 * 3_600_000) });
    const first = runCli();
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('sent 1, failed 0');
    const outbox = path.join(dataDir, 'outbox');
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    // The outbox file is a MIME message (quoted-printable bodies): read it as a mail client does.
    const mail = await simpleParser(readFileSync(path.join(outbox, files[0]!)));
    expect(Array.isArray(mail.to) ? undefined : mail.to?.value[0]?.address).toBe(user.email);
    expect(mail.subject).toBe('Due soon: Pay the rent');
    expect(mail.text).toContain(`http://localhost:3000/dashboard?task=${task.id}`);
    expect(mail.html).toContain(`http://localhost:3000/dashboard?task=${task.id}`);
    const second = runCli();
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('sent 0, failed 0');
    expect(readdirSync(outbox)).toHaveLength(1);
    // Two runs of a whole Node process (each bounded at 60 s above): on a busy 2-core machine one
    // start-up alone took 15 s, so the file's default 20 s budget made this test fail by load.
  }, 130_000);
});
