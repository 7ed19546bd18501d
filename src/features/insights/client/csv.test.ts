import { describe, expect, it } from 'vitest';
import type { InsightsReport } from '../schema';
import { chartCsv, csvFileName, INSIGHT_CHARTS } from './csv';

const report: InsightsReport = {
  period: { key: 'custom', from: '2026-11-02', to: '2026-11-18', timezone: 'UTC' },
  updatedAt: '2026-11-18T12:00:00.000Z',
  weeks: [
    { week: '2026-11-02', posts: 2, votes: 5, comments: 1 },
    { week: '2026-11-09', posts: 0, votes: 0, comments: 0 },
  ],
  statuses: [
    { name: 'Open', color: '#64748b', count: 3 },
    { name: null, color: null, count: 1 },
  ],
  topRequests: [
    { number: 7, title: 'Dark mode, please', board: 'Ideas', votesGained: 4, voteCount: 9 },
    { number: 8, title: '=HYPERLINK("http://evil")', board: 'Say "hi"', votesGained: 2, voteCount: 2 },
  ],
  firstResponse: { medianSeconds: 4 * 3600 + 1200, answered: 2, unanswered: 1 },
  boards: [{ slug: 'ideas', name: 'Ideas', posts: 2, votes: 5, comments: 1 }],
};

describe('insights CSV', () => {
  it('writes each chart’s table with a header, CRLF line ends and quoting', () => {
    expect(chartCsv(report, 'activity')).toBe('week_starting,posts,votes,comments\r\n2026-11-02,2,5,1\r\n2026-11-09,0,0,0\r\n');
    expect(chartCsv(report, 'statuses')).toBe('status,posts\r\nOpen,3\r\nNew,1\r\n');
    expect(chartCsv(report, 'top-requests')).toBe(
      'post_number,title,board,votes_gained,total_votes\r\n' +
        '7,"Dark mode, please",Ideas,4,9\r\n' +
        `8,"'=HYPERLINK(""http://evil"")","Say ""hi""",2,2\r\n`,
    );
    expect(chartCsv(report, 'first-response')).toBe('median_seconds,median,answered_posts,unanswered_posts\r\n15600,4 h 20 min,2,1\r\n');
    expect(chartCsv(report, 'boards')).toBe('board,posts,votes,comments\r\nIdeas,2,5,1\r\n');
  });

  it('writes the words it holds (no status, the median) in the words it is given', () => {
    const words = { noStatus: 'Ohne Status', duration: (s: number) => `${Math.floor(s / 3600)} Std.` };
    expect(chartCsv(report, 'statuses', words)).toBe('status,posts\r\nOpen,3\r\nOhne Status,1\r\n');
    expect(chartCsv(report, 'first-response', words)).toBe('median_seconds,median,answered_posts,unanswered_posts\r\n15600,4 Std.,2,1\r\n');
  });

  it('names each file by chart and period', () => {
    expect(INSIGHT_CHARTS.map((c) => csvFileName(report, c))).toEqual([
      'insights-activity-2026-11-02-to-2026-11-18.csv',
      'insights-statuses-2026-11-02-to-2026-11-18.csv',
      'insights-top-requests-2026-11-02-to-2026-11-18.csv',
      'insights-first-response-2026-11-02-to-2026-11-18.csv',
      'insights-boards-2026-11-02-to-2026-11-18.csv',
    ]);
  });
});
