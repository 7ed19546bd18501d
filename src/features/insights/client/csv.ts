/**
 * The CSV download of each insights chart, built in the browser from the figures the page already
 * has (src/lib/csv.ts: RFC 4180, CRLF line ends, formulas kept inert).
 */
import { toCsv } from '@/lib/csv';
import { formatDuration } from '../format';
import type { InsightsReport } from '../schema';

export const INSIGHT_CHARTS = ['activity', 'statuses', 'top-requests', 'first-response', 'boards'] as const;
export type InsightChart = (typeof INSIGHT_CHARTS)[number];

/** The words a CSV holds besides figures and user content: the page passes them in the reader's language. */
export interface CsvWords {
  noStatus: string;
  duration: (seconds: number) => string;
}
const ENGLISH: CsvWords = { noStatus: 'New', duration: formatDuration };

/** The table of one chart, as CSV (column names are identifiers, the same in every language). */
export function chartCsv(report: InsightsReport, chart: InsightChart, words: CsvWords = ENGLISH): string {
  switch (chart) {
    case 'activity':
      return toCsv(
        ['week_starting', 'posts', 'votes', 'comments'],
        report.weeks.map((w) => [w.week, w.posts, w.votes, w.comments]),
      );
    case 'statuses':
      return toCsv(
        ['status', 'posts'],
        report.statuses.map((s) => [s.name ?? words.noStatus, s.count]),
      );
    case 'top-requests':
      return toCsv(
        ['post_number', 'title', 'board', 'votes_gained', 'total_votes'],
        report.topRequests.map((r) => [r.number, r.title, r.board, r.votesGained, r.voteCount]),
      );
    case 'first-response': {
      const f = report.firstResponse;
      return toCsv(
        ['median_seconds', 'median', 'answered_posts', 'unanswered_posts'],
        [[f.medianSeconds, f.medianSeconds === null ? null : words.duration(f.medianSeconds), f.answered, f.unanswered]],
      );
    }
    case 'boards':
      return toCsv(
        ['board', 'posts', 'votes', 'comments'],
        report.boards.map((b) => [b.name, b.posts, b.votes, b.comments]),
      );
  }
}

/** The file name of a chart's download: what, and which days. */
export function csvFileName(report: InsightsReport, chart: InsightChart): string {
  return `insights-${chart}-${report.period.from}-to-${report.period.to}.csv`;
}

/** Saves text as a file through the browser's download (a Blob URL). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
