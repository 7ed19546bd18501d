/** Every operation's example, keyed `METHOD /api/v1/path` (see ./types.ts). */
import { accountsExamples } from './accounts';
import { notificationsExamples } from './notifications';
import { postsExamples } from './posts';
import { boardsExamples } from './boards';
import { changelogExamples } from './changelog';
import { teamExamples } from './team';
import { adminExamples } from './admin';
import { integrationsExamples } from './integrations';
import type { ApiExamples } from './types';

export const API_EXAMPLES: ApiExamples = {
  ...accountsExamples,
  ...notificationsExamples,
  ...postsExamples,
  ...boardsExamples,
  ...changelogExamples,
  ...teamExamples,
  ...adminExamples,
  ...integrationsExamples,
};
