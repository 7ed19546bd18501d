/**
 * The report of an import that refuses a file: every bad row named by its place in the input, as
 * one 422 VALIDATION_FAILED (`fields`), so nothing is written until the whole file is good.
 */
import { AppError } from '@/server/http/errors';

/** At most this many problems are listed; the count says how many there were. */
const MAX_PROBLEMS = 200;

/** Names a row of the input for the report: "posts #3", or "posts.csv line 4" for a CSV file. */
export type Locate = (section: string, index: number) => string;
export const jsonLocate: Locate = (section, index) => `${section} #${index + 1}`;

export class ImportReport {
  readonly problems: Record<string, string> = {};
  count = 0;
  add(where: string, message: string): void {
    this.count++;
    if (Object.keys(this.problems).length < MAX_PROBLEMS && !(where in this.problems)) this.problems[where] = message;
  }
  throwIfAny(): void {
    if (this.count === 0) return;
    const fields = { ...this.problems };
    if (this.count > Object.keys(fields).length) fields['_'] = `${this.count} problems in all; the first ${Object.keys(fields).length} are listed.`;
    throw new AppError('VALIDATION_FAILED', `The file has ${this.count} problem${this.count === 1 ? '' : 's'}: nothing was imported.`, {
      fields,
      reason: 'importProblems',
    });
  }
}
