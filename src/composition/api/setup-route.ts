import { anyone } from '@/core/identity/policy';
import { setupInput, setupResultSchema } from '@/features/accounts/schema';
import { completeSetup } from '@/features/accounts/server/setup-service';
import { endpoint, json, route } from '@/server/http/route';
import { startSession } from '@/server/identity/sessions';
import { seedDemoInBackground } from '../demo/background';

/** POST /api/v1/setup: the first run (workspace name and first admin), optionally with demo data. */
export const setupRoute = route('/api/v1/setup', {
  POST: endpoint({
    authorize: anyone,
    apiKey: 'session',
    errors: ['SETUP_DONE'],
    openToVisitors: true,
    body: setupInput,
    rateLimit: { name: 'setup', limit: 10, windowSeconds: 60 },
    summary: 'Set up the workspace',
    description:
      'The first run only: names the workspace, creates its first admin and signs this browser in as them. `demoData: true` ' +
      'adds sample content in the background. 409 SETUP_DONE once setup is done.',
    response: setupResultSchema,
    handle: async ({ body, req, res, ip }) => {
      const { userId } = await completeSetup(body, ip);
      await startSession(req, res, userId, ip);
      // The admin does not wait for the demo data: it arrives in the background (logged when done).
      if (body.demoData) void seedDemoInBackground();
      return json({ status: 'done' }, 201);
    },
  }),
});
