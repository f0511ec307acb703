// The open loop on a thread of its own (a worker thread: its own V8 heap and event loop). The
// bench's own thread holds what the whole run needs (Lighthouse, the seed, PostgreSQL's client:
// about 80-90 MB of live heap), and a collection of that heap, marking it in steps of 5-15 ms,
// paused the load generator inside whichever server's window was running (27 Nov 2026,
// bench/results.md). Here the heap is the generator's alone.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { runInterleavedOpenLoop } from './load.mjs';
import { requestsFor } from './requests.mjs';

/**
 * runInterleavedOpenLoop (bench/load.mjs) on a new worker thread, with the row's requests made
 * there from plain data (bench/requests.mjs `requestsFor(row, data)`).
 *
 * @param {{ row: string, data: object, urls: Record<string, string>, rate: number, windows: number, windowMs: number, warmupMs: number, generatorPauseMs?: number, timeline?: boolean }} options
 * @returns {Promise<{ results: Record<string, { requests: number, p50: number, p99: number, remeasuredTurns: number, errors: number, statuses: Record<string, number> }>, timeline?: Record<string, Array<[number, number]>> }>}
 */
export function runOpenLoopOnItsOwnThread(options) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: options });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the open loop's thread exited with ${code}`));
    });
  });
}

if (!isMainThread && workerData?.row) {
  const { row, data, timeline: wantTimeline, ...loop } = workerData;
  const timeline = wantTimeline ? {} : undefined;
  const results = await runInterleavedOpenLoop({ ...loop, request: requestsFor(row, data), timeline });
  parentPort.postMessage({ results, timeline });
}
