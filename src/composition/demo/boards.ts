/** The demo workspace's boards and tags. */
import type { BoardVisibility } from '@/features/boards/enums';

export interface DemoBoard {
  slug: string;
  name: string;
  description: string;
  visibility: BoardVisibility;
  /** Share of the posts that go to this board. */
  share: number;
  kind: 'feature' | 'bug' | 'integration';
}

export const DEMO_BOARDS: readonly DemoBoard[] = [
  {
    slug: 'feature-requests',
    name: 'Feature requests',
    description: 'Ideas for making the product better. Vote for the ones you need most.',
    visibility: 'public',
    share: 0.55,
    kind: 'feature',
  },
  {
    slug: 'bugs',
    name: 'Bugs',
    description: 'Something broken? Tell us what happened and how to reproduce it.',
    visibility: 'public',
    share: 0.3,
    kind: 'bug',
  },
  {
    slug: 'integrations',
    name: 'Integrations',
    description: 'Private beta: connectors to the tools you already use. Visible to granted members and the team.',
    visibility: 'private',
    share: 0.15,
    kind: 'integration',
  },
];

export const DEMO_BOARD_SLUGS = DEMO_BOARDS.map((b) => b.slug);

export const DEMO_TAGS: readonly { name: string; color: string }[] = [
  { name: 'UI', color: '#2563eb' },
  { name: 'Mobile', color: '#0891b2' },
  { name: 'Performance', color: '#dc2626' },
  { name: 'Accessibility', color: '#7c3aed' },
  { name: 'API', color: '#059669' },
  { name: 'Billing', color: '#d97706' },
  { name: 'Notifications', color: '#db2777' },
  { name: 'Search', color: '#4f46e5' },
  { name: 'Security', color: '#b91c1c' },
  { name: 'Reporting', color: '#65a30d' },
  { name: 'Onboarding', color: '#0d9488' },
  { name: 'Enterprise', color: '#475569' },
];
