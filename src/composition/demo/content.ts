/**
 * Realistic post titles, Markdown bodies, comments and status notes, composed from templates.
 * Varied enough that full-text search and similar-post suggestions have something to find.
 */
import type { DemoBoard } from './boards';
import type { Rng } from './prng';

const FEATURE_TITLES = [
  (o: string) => `Add ${o}`,
  (o: string) => `Support for ${o}`,
  (o: string) => `Allow ${o}`,
  (o: string) => `It would be great to have ${o}`,
  (o: string) => `Please add ${o}`,
  (o: string) => `Option for ${o}`,
] as const;

const FEATURE_OBJECTS = [
  'dark mode',
  'a compact list view',
  'keyboard shortcuts',
  'bulk editing of tasks',
  'recurring reminders',
  'CSV export of reports',
  'PDF export of invoices',
  'custom fields on projects',
  'two-factor authentication',
  'single sign-on with SAML',
  'a calendar view',
  'drag and drop reordering',
  'saved search filters',
  'email digests',
  'an offline mode',
  'multiple workspaces per account',
  'time zone settings per user',
  'emoji reactions on comments',
  'read receipts',
  'archiving old projects',
  'templates for new projects',
  'guest access for clients',
  'a public status page',
  'granular permissions per team',
  'a mobile widget',
  'markdown tables in notes',
  'file attachments over 100 MB',
  'an audit trail of changes',
  'scheduled exports',
  'sorting by due date',
  'colour labels',
  'a Gantt chart',
  'automatic backups',
  'a German translation',
  'a Japanese translation',
  'right-to-left language support',
  'custom email domains',
  'webhooks for task updates',
  'an activity feed',
  'mentions in comments',
  'a focus mode',
  'undo for deleted items',
  'higher contrast themes',
  'screen reader labels on charts',
  'invoice reminders',
  'usage-based billing',
] as const;

const FEATURE_QUALIFIERS = [
  '',
  '',
  '',
  ' on mobile',
  ' for admins',
  ' in the web app',
  ' for the whole team',
  ' on the dashboard',
] as const;

const BUG_TITLES = [
  (a: string, s: string) => `${a} ${s}`,
  (a: string, s: string) => `${a} ${s} since the last update`,
  (a: string, s: string) => `Bug: ${a.toLowerCase()} ${s}`,
  (a: string, s: string) => `${a} ${s} on Safari`,
  (a: string, s: string) => `${a} ${s} on Android`,
] as const;

const BUG_AREAS = [
  'The export button',
  'Login with Google',
  'The search page',
  'Password reset email',
  'The invoice PDF',
  'Notifications',
  'The dashboard chart',
  'Drag and drop',
  'The mobile menu',
  'Two-factor setup',
  'CSV import',
  'The calendar view',
  'Comment editing',
  'File upload',
  'The settings page',
  'Dark mode',
  'Time zone display',
  'The onboarding checklist',
] as const;

const BUG_SYMPTOMS = [
  'does nothing',
  'shows a blank page',
  'times out',
  'is very slow',
  'shows the wrong date',
  'crashes the app',
  'loses my changes',
  'is cut off on small screens',
  'sends duplicates',
  'ignores my filters',
  'returns an error 500',
  'flickers when scrolling',
] as const;

const INTEGRATION_TOOLS = [
  'Slack',
  'Microsoft Teams',
  'Jira',
  'Linear',
  'GitHub',
  'GitLab',
  'Zapier',
  'HubSpot',
  'Salesforce',
  'Intercom',
  'Zendesk',
  'Google Sheets',
  'Notion',
  'Trello',
  'Discord',
  'Segment',
  'Stripe',
  'Figma',
] as const;

const INTEGRATION_TITLES = [
  (t: string) => `${t} integration`,
  (t: string) => `Sync tasks with ${t}`,
  (t: string) => `Post updates to ${t}`,
  (t: string) => `Two-way sync with ${t}`,
  (t: string) => `Import data from ${t}`,
  (t: string) => `${t}: notify the channel when a status changes`,
] as const;

const OPENERS = [
  'Our team uses this every day, and this is the one thing we keep missing.',
  'We moved over from another tool last quarter and this was there.',
  'Several of our customers have asked about this.',
  'I noticed this while onboarding three new colleagues.',
  'This comes up in almost every weekly review we do.',
  'Small thing, but it would save us a lot of clicks.',
] as const;

const REASONS = [
  'Right now we work around it with a spreadsheet, which gets out of date quickly.',
  'Without it, people end up asking the same questions in chat.',
  'It would make the product much easier to recommend to other teams.',
  'We have about 40 people on the account, so it adds up.',
  'It is the main reason part of the team still uses the old tool.',
  'It would help a lot with accessibility for one of our colleagues.',
] as const;

const BULLETS = [
  'it should remember the last choice',
  'admins should be able to turn it off',
  'it should work on mobile too',
  'keyboard access matters for us',
  'an API endpoint would be enough at first',
  'it should respect the workspace time zone',
  'ideally it is on by default for new users',
] as const;

const STEPS = [
  'Open the app and sign in',
  'Go to the page in question',
  'Click the button once',
  'Wait a few seconds',
  'Reload the page',
] as const;

const LINKS = ['https://example.com/screenshot.png', 'https://example.com/recording', 'https://example.org/docs/feature'] as const;

export function demoTitle(rng: Rng, board: DemoBoard): string {
  let title: string;
  if (board.kind === 'feature') title = rng.pick(FEATURE_TITLES)(rng.pick(FEATURE_OBJECTS)) + rng.pick(FEATURE_QUALIFIERS);
  else if (board.kind === 'bug') title = rng.pick(BUG_TITLES)(rng.pick(BUG_AREAS), rng.pick(BUG_SYMPTOMS));
  else title = rng.pick(INTEGRATION_TITLES)(rng.pick(INTEGRATION_TOOLS));
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/** A Markdown body: paragraphs, and sometimes a list, steps, a code span or a link. */
export function demoBody(rng: Rng, board: DemoBoard): string {
  const parts: string[] = [];
  if (rng.chance(0.08)) return '';
  parts.push(`${rng.pick(OPENERS)} ${rng.pick(REASONS)}`);
  if (board.kind === 'bug') {
    const steps = STEPS.slice(0, rng.int(2, STEPS.length));
    parts.push(`**Steps to reproduce**\n\n${steps.map((s, i) => `${i + 1}. ${s}`).join('\n')}`);
    parts.push(`Expected: it works. Actual: see above. Browser: \`${rng.pick(['Firefox 128', 'Chrome 126', 'Safari 17', 'Edge 126'])}\`.`);
  } else if (rng.chance(0.6)) {
    parts.push(
      `A few details:\n\n${rng
        .sample(BULLETS, rng.int(2, 4))
        .map((b) => `- ${b}`)
        .join('\n')}`,
    );
  }
  if (rng.chance(0.25)) parts.push(`More context [here](${rng.pick(LINKS)}).`);
  if (rng.chance(0.3)) parts.push(rng.pick(REASONS));
  return parts.join('\n\n');
}

const MEMBER_COMMENTS = [
  '+1, we need this too.',
  'Same here. This would make a **big** difference for our team.',
  'Any update on this?',
  'We worked around it by exporting to a spreadsheet, but a proper solution would be much better.',
  'Would love this. Bonus points if it also works on mobile.',
  'Agreed. In our case it matters most for the weekly report.',
  'Can confirm, happens to me as well.',
  'This is the main thing holding back our rollout to the rest of the company.',
  'Thanks for considering it!',
  'Is there an API we could use in the meantime?',
] as const;

const TEAM_COMMENTS = [
  'Thanks for the detailed write-up! We are looking into it.',
  'Good news: this is on our list for the next cycle.',
  'Could you tell us which browser and version you use?',
  'We shipped a first version of this today. Let us know how it works for you.',
  'Thanks everyone for the votes, it really helps us prioritise.',
] as const;

const INTERNAL_NOTES = [
  'Two enterprise accounts asked for this on calls this month.',
  'Related to the refactor of the settings page; pair with that work.',
  'Reproduced on staging. Looks like a caching issue.',
  'Check with billing before promising a date.',
] as const;

export const demoComment = (rng: Rng, kind: 'member' | 'team' | 'internal'): string =>
  rng.pick(kind === 'member' ? MEMBER_COMMENTS : kind === 'team' ? TEAM_COMMENTS : INTERNAL_NOTES);

const STATUS_NOTES: Record<string, readonly string[]> = {
  open: ['Reopened: we want to hear more about your use cases.'],
  planned: ['This is planned for the next quarter.', 'On the roadmap. Thanks for all the feedback!'],
  in_progress: ['We have started working on this.', 'In development now; follow this post for updates.'],
  done: ['Shipped! It is available to everyone now.', 'Released today. Thank you for the suggestion.'],
  closed: ['Closing this for now: it does not fit our plans this year.', 'Closing as a duplicate of a related request.'],
};

/** A public note for a status change, or '' (about half of the changes carry one). */
export function demoStatusNote(rng: Rng, category: string): string {
  const notes = STATUS_NOTES[category];
  return notes && rng.chance(0.55) ? rng.pick(notes) : '';
}
