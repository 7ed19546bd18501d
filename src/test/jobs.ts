/**
 * Background jobs in request-level tests: the account flows, the domain events and their
 * consumers do their work in jobs (src/server/jobs). Call `runJobs()` after such a request and
 * before reading what the jobs write (an account, an email, a notification), instead of waiting
 * for the in-process kick. It runs every feature's handlers, as the server does.
 */
import { jobHandlers } from '@/composition/background';
import { drainJobs } from '@/server/jobs/queue';

export async function runJobs(): Promise<void> {
  // A kick is scheduled with setImmediate after the answer: let it start, then join it.
  await new Promise((resolve) => setImmediate(resolve));
  await drainJobs(jobHandlers);
}
