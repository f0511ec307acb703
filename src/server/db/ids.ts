// Row ids made outside Prisma (the node-postgres write paths) in the same form as Prisma's
// `@default(cuid())`: 'c', the time in base 36, a counter, a fingerprint of this process and
// random characters (25 characters, like 'cmwrja24700055p7djje5oag0'), so ids stay one kind
// whichever path wrote the row, and sort roughly by creation time as Prisma's do.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { processSingleton } from '@/server/process-singleton';

const BASE = 36;
const BLOCK = 4;
const MAX_COUNTER = BASE ** BLOCK;

const pad = (text: string, size: number) => text.padStart(size, '0').slice(-size);

function fingerprintOf(pid: number, hostname: string): string {
  const hostSum = [...hostname].reduce((sum, char) => sum + char.charCodeAt(0), hostname.length + BASE);
  return pad(pid.toString(BASE), 2) + pad(hostSum.toString(BASE), 2);
}

const fingerprint = fingerprintOf(process.pid, os.hostname());
const sequence = processSingleton('cuidCounter', () => ({ counter: randomBytes(4).readUInt32BE() % MAX_COUNTER }));

function randomBlock(): string {
  return pad((randomBytes(4).readUInt32BE() % MAX_COUNTER).toString(BASE), BLOCK);
}

/** A new collision-resistant id in Prisma's cuid form. */
export function newId(now: number = Date.now()): string {
  sequence.counter = (sequence.counter + 1) % MAX_COUNTER;
  return `c${pad(now.toString(BASE), 8)}${pad(sequence.counter.toString(BASE), BLOCK)}${fingerprint}${randomBlock()}${randomBlock()}`;
}
