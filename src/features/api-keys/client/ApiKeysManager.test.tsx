/**
 * The API keys page as the server draws it: the empty state, a key's row (prefix, scope, creator,
 * last use; revoked keys marked and without a Revoke button), the form's scopes explained, and
 * the once-only secret panel. Creating, copying and revoking need a browser (e2e/api-keys.spec.ts).
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider, type AbstractIntlMessages } from 'use-intl';
import { describe, expect, it } from 'vitest';
import { API_KEY_SCOPE_DESCRIPTIONS } from '@/core/identity/api-keys';
import type { ApiKey } from '../schema';
import { ApiKeysManager } from './ApiKeysManager';
import { NewKeySecret } from './NewKeySecret';
import { pageMessagesOf } from '@/server/i18n/catalogues';

/** Renders as an admin's page does: in English, with the team's catalogues. */
const render = (ui: ReactElement) =>
  renderToStaticMarkup(
    <IntlProvider locale="en" messages={pageMessagesOf('en', { team: true }) as unknown as AbstractIntlMessages} timeZone="UTC">
      {ui}
    </IntlProvider>,
  );

const key = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Zapier',
  prefix: 'chorus_Ab3dE6gH',
  scope: 'write',
  createdBy: { id: '00000000-0000-4000-8000-0000000000aa', displayName: 'Ana Admin' },
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});

describe('ApiKeysManager', () => {
  it('says what keys are for when there are none, and explains every scope in the form', () => {
    const html = render(<ApiKeysManager initial={[]} />);
    expect(html).toContain('data-testid="api-keys-empty"');
    expect(html).toContain('No API keys yet');
    for (const text of Object.values(API_KEY_SCOPE_DESCRIPTIONS)) expect(html).toContain(text.replace(/'/g, '&#x27;'));
    expect(html).toMatch(/<legend[^>]*>Scope<\/legend>/);
    expect(html).not.toContain('api-key-secret-panel');
  });

  it('lists a key by name, prefix, scope, creator and last use, with Revoke; a revoked key is marked and has none', () => {
    const html = render(
      <ApiKeysManager
        initial={[
          key(),
          key({
            id: '00000000-0000-4000-8000-000000000002',
            name: 'Old sync',
            revokedAt: '2026-11-21T08:30:00.000Z',
            lastUsedAt: '2026-11-21T08:00:00.000Z',
          }),
        ]}
      />,
    );
    expect(html.match(/data-testid="api-key-row"/g)).toHaveLength(2);
    expect(html).toContain('chorus_Ab3dE6gH_…');
    expect(html).toContain('Ana Admin');
    expect(html).toMatch(/data-testid="api-key-last-used"[^>]*>Never</);
    expect(html.match(/data-testid="api-key-revoke"/g)).toHaveLength(1);
    expect(html.match(/data-testid="api-key-revoked"/g)).toHaveLength(1);
    expect(html).toContain('Revoke<span class="sr-only"> Zapier</span>');
  });
});

describe('NewKeySecret', () => {
  it('shows the whole key once in a labelled read-only field, with a copy button and the warning', () => {
    const html = render(<NewKeySecret created={{ apiKey: key(), secret: 'chorus_Ab3dE6gH_secretsecret' }} onDone={() => undefined} />);
    expect(html).toMatch(/<label for="new-key-secret"[^>]*>API key<\/label>/);
    const field = /<input id="new-key-secret"[^>]*>/.exec(html)?.[0] ?? '';
    expect(field).toMatch(/readOnly=""/i);
    expect(field).toContain('value="chorus_Ab3dE6gH_secretsecret"');
    expect(html).toContain('This is the only time it is shown.');
    expect(html).toContain('data-testid="api-key-copy"');
    expect(html).toMatch(/<h2 id="new-key-heading" tabindex="-1"[^>]*>Copy the key “<bdi>Zapier<\/bdi>” now<\/h2>/);
  });
});
