/**
 * The lint half of the safety net (eslint.config.mjs, `translated`): in any component file, text
 * written into the JSX fails lint, and text from the catalogue passes.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });
const CONVERTED = 'src/composition/shell/Footer.tsx';
// A component file in a feature folder that does not exist yet: checked from its first line.
const NEW_SCREEN = 'src/features/new-feature/client/NewScreen.tsx';
// The API reference stays English, like the API (docs/i18n.md): named in UNTRANSLATED_FILES.
const EXEMPT = 'src/composition/api/ApiDocsPage.tsx';

async function literalErrors(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result!.messages
    .filter((m) => m.ruleId === 'react/jsx-no-literals' || m.ruleId === 'no-restricted-syntax')
    .map((m) => `${m.line}:${m.ruleId}`);
}

const component = (body: string) => `import { useTranslations } from 'use-intl';

export function Footer() {
  const t = useTranslations('shell');
  return (
    ${body}
  );
}
`;

describe('the lint check for user-facing text in components', { timeout: 60_000 }, () => {
  it('fails on text in the JSX, and on words in attributes people read', async () => {
    expect(await literalErrors(component('<p>Powered by Chorus</p>'), CONVERTED)).toEqual(['6:react/jsx-no-literals']);
    expect(await literalErrors(component('<nav aria-label="Footer">{t(\'privacy\')}</nav>'), CONVERTED)).toEqual([
      '6:no-restricted-syntax',
    ]);
    expect(await literalErrors(component('<img alt={`Logo`} src="/x.png" />'), CONVERTED)).toEqual(['6:no-restricted-syntax']);
  });

  it('fails on words written as expressions: a string, a choice between strings, a template with words', async () => {
    expect(await literalErrors(component("<p>{'Saved'}</p>"), CONVERTED)).toEqual(['6:no-restricted-syntax']);
    expect(await literalErrors(component("<p>{busy ? 'Saving…' : t('privacy')}</p>"), CONVERTED)).toEqual(['6:no-restricted-syntax']);
    expect(await literalErrors(component("<p>{note ?? 'None yet'}</p>"), CONVERTED)).toEqual(['6:no-restricted-syntax']);
    expect(await literalErrors(component('<p>{`${count} votes`}</p>'), CONVERTED)).toEqual(['6:no-restricted-syntax']);
    expect(await literalErrors(component("<b aria-label={open ? 'Close' : t('privacy')} />"), CONVERTED)).toEqual([
      '6:no-restricted-syntax',
    ]);
  });

  it('passes text from the catalogue, markup-only attributes and empty alternatives', async () => {
    const ok = component(
      '<nav aria-label={t(\'footerNav\')} className="flex" data-testid="x"><img alt="" src="/x.png" />{t(\'privacy\')} </nav>',
    );
    expect(await literalErrors(ok, CONVERTED)).toEqual([]);
    const punctuation = component("<p className={on ? 'font-bold' : ''}>{`${t('privacy')} · ${count}`}{n > 0 ? t('privacy') : null}</p>");
    expect(await literalErrors(punctuation, CONVERTED)).toEqual([]);
  });

  it('checks a component file that no list names', async () => {
    expect(await literalErrors(component('<p>Powered by Chorus</p>'), NEW_SCREEN)).toEqual(['6:react/jsx-no-literals']);
  });

  it('leaves only the files named in UNTRANSLATED_FILES alone (docs/i18n.md says why)', async () => {
    expect(await literalErrors(component('<p>Powered by Chorus</p>'), EXEMPT)).toEqual([]);
  });
});
