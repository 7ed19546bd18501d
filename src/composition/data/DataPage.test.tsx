/**
 * `/admin/data` as the server draws it, in English and in Japanese: the page's words come from the
 * catalogue; board names are shown as typed. Importing needs a browser and the API (data.test.ts
 * tests the import itself; its row-by-row report is the API's, in English).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider, type AbstractIntlMessages } from 'use-intl';
import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '@/core/i18n/locales';
import type { ShellProps } from '@/core/shell';
import { pageMessagesOf } from '@/server/i18n/catalogues';
import DataPage from './DataPage';

// The team's navigation needs Next's router; it is not this page's concern here.
vi.mock('@/components/TeamNav', () => ({ TeamNav: () => null }));

const shell = { viewer: { id: 'u1', role: 'admin', displayName: 'Ana' }, workspace: { name: 'Acme' } } as unknown as ShellProps['shell'];

const render = (locale: Locale) =>
  renderToStaticMarkup(
    <IntlProvider locale={locale} messages={pageMessagesOf(locale, { team: true }) as unknown as AbstractIntlMessages} timeZone="UTC">
      <DataPage shell={shell} boards={[{ slug: 'ideas', name: 'Ideas & bugs' }]} postCount={3} />
    </IntlProvider>,
  );

describe('DataPage', () => {
  it('reads as before in English', () => {
    const html = render('en');
    expect(html).toContain('<h1 class="text-2xl font-semibold sm:text-3xl">Import and export</h1>');
    expect(html).toContain('Download the workspace (JSON)');
    expect(html).toContain('<option value="canny">Canny (posts CSV, voters CSV)</option>');
    expect(html).toContain('This workspace already has 3 posts: a workspace export goes only into an empty workspace.');
  });

  it('speaks Japanese', () => {
    const html = render('ja');
    expect(html).toContain('インポートとエクスポート');
    expect(html).toContain('ワークスペースをダウンロード（JSON）');
    expect(html).toContain('このワークスペースにはすでに 3 件の投稿があります。');
    expect(html).not.toContain('Download the workspace');
  });
});
