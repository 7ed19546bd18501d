/**
 * Background jobs in request-level tests: the account flows answer first and do their work in a
 * job (src/server/jobs). Call `runJobs()` after such a request and before reading what the job
 * writes (an account, an email), instead of waiting for the in-process kick.
 */
import { accountJobs } from '@/features/accounts/server/job-handlers';
import { drainJobs } from '@/server/jobs/queue';

export async function runJobs(): Promise<void> {
  // A kick is scheduled with setImmediate after the answer: let it start, then join it.
  await new Promise((resolve) => setImmediate(resolve));
  await drainJobs(accountJobs);
}
