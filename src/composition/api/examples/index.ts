/** Every operation's example, keyed `METHOD /api/v1/path` (see ./types.ts). */
import { accountsExamples } from './accounts';
import { notificationsExamples } from './notifications';
import { postsExamples } from './posts';
import { boardsExamples } from './boards';
import { changelogExamples } from './changelog';
import { teamExamples } from './team';
import { adminExamples } from './admin';
import { integrationsExamples } from './integrations';
import type { ApiExamples, ExamplesOfEveryOperation } from './types';

/** Checked whole: an operation without an example does not compile. */
const EVERY_OPERATION: ExamplesOfEveryOperation = {
  ...accountsExamples,
  ...notificationsExamples,
  ...postsExamples,
  ...boardsExamples,
  ...changelogExamples,
  ...teamExamples,
  ...adminExamples,
  ...integrationsExamples,
};

export const API_EXAMPLES: ApiExamples = EVERY_OPERATION;
