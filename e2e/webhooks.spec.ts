/**
 * /admin/webhooks in the browser: an admin adds an endpoint pointing at a receiver this spec
 * starts on loopback (the plain server allows 127.0.0.1 through CHORUS_WEBHOOK_ALLOW_HOSTS), copies
 * the secret shown once, sends a test event, sees it in the delivery log; the receiver got a body
 * whose signature verifies with that secret. Axe in both themes at 360 and 1280 px.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiSignIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { axeViolations } from './support/axe';

interface Hit {
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function startReceiver(): Promise<{ url: string; hits: Hit[]; close: () => Promise<void> }> {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/chorus`, hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function verifies(body: string, header: string, secret: string): boolean {
  const fields = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(fields.t);
  if (Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(fields.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(expected, given);
}

test.describe('webhooks', () => {
  test('an admin adds an endpoint, sends a test event, and sees it delivered and signed', async ({ guardedPage: page, baseURL }) => {
    test.setTimeout(180_000);
    const receiver = await startReceiver();
    await apiSignIn(page.context().request, baseURL!);
    try {
      await page.goto('/admin/webhooks');
      await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Team area' }).getByRole('link', { name: 'Webhooks' })).toHaveAttribute(
        'aria-current',
        'page',
      );

      // A refused URL is an inline field error; nothing is lost.
      const form = page.getByTestId('webhook-add-form');
      await form.getByLabel('URL').fill('https://169.254.169.254/latest');
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(form.getByText(/cloud metadata/)).toBeVisible();

      await form.getByLabel('URL').fill(receiver.url);
      await form.getByLabel('Description (optional)').fill('E2E receiver');
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      const secretBox = page.getByTestId('webhook-secret');
      await expect(secretBox).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Signing secret' })).toBeFocused();
      const secret = (await page.getByTestId('webhook-secret-value').textContent())!.trim();
      expect(secret).toMatch(/^whsec_/);

      const row = page.getByTestId('webhook-row').filter({ hasText: receiver.url });
      await expect(row.getByTestId('webhook-state')).toHaveText('Active');
      await row.getByTestId('webhook-test').click();
      await expect(row.getByTestId('webhook-notice')).toContainText('Test event queued');
      // The newest attempt of the test event (other specs' events may be logged beside it).
      const attempt = row
        .getByTestId('webhook-attempt')
        .filter({ has: page.getByTestId('webhook-attempt-event').getByText('webhook.test', { exact: true }) })
        .first();
      await expect(attempt).toBeVisible({ timeout: 20_000 });
      await expect(attempt.getByTestId('webhook-attempt-status')).toHaveText('200');

      // The endpoint takes every event, and other specs share this server: count only the test events.
      const testHits = () => receiver.hits.filter((h) => h.headers['chorus-event'] === 'webhook.test');
      expect(testHits()).toHaveLength(1);
      const hit = testHits()[0]!;
      expect(hit.headers['chorus-event']).toBe('webhook.test');
      expect(verifies(hit.body, String(hit.headers['chorus-signature']), secret)).toBe(true);
      expect(verifies(hit.body, String(hit.headers['chorus-signature']), 'whsec_other')).toBe(false);
      expect(JSON.parse(hit.body)).toMatchObject({ type: 'webhook.test' });

      // Redeliver from the log: the receiver gets the same event again.
      await attempt.getByTestId('webhook-redeliver').click();
      await expect.poll(() => testHits().length, { timeout: 15_000 }).toBe(2);
      expect(JSON.parse(testHits()[1]!.body).id).toBe(JSON.parse(hit.body).id);

      // Axe in both themes, at 360 and 1280 px, with the secret, the log and a dialog open.
      const problems: string[] = [];
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          problems.push(...(await axeViolations(page, `/admin/webhooks ${width} px ${scheme}`)));
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
            `${width} px overflows`,
          ).toBeLessThanOrEqual(0);
        }
      }
      await row.getByTestId('webhook-rotate').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      problems.push(...(await axeViolations(page, '/admin/webhooks rotate dialog')));
      await page.getByRole('dialog').getByRole('button', { name: 'Rotate secret' }).click();
      await expect(page.getByTestId('webhook-secret-value')).not.toHaveText(secret);
      // The dialog closes onto the new secret (its heading), not back onto the Rotate button.
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Signing secret' })).toBeFocused();
      // Cancelling leaves focus where it was asked from: the Rotate button.
      await row.getByTestId('webhook-rotate').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await expect(row.getByTestId('webhook-rotate')).toBeFocused();
      expect(problems).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  test('is for admins only', async ({ page }) => {
    const res = await page.goto('/admin/webhooks');
    // A visitor is sent to sign in.
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(res?.ok()).toBe(true);
  });
});
