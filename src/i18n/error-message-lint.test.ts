/**
 * The lint check that keeps the API's English out of the pages (eslint.config.mjs,
 * OWN_MESSAGE_RULES): a component that shows an error's own `.message` fails lint, one that
 * says it with useApiErrorText passes.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });
const COMPONENT = 'src/features/new-feature/client/SaveButton.tsx';
// A file left in English (UNTRANSLATED_FILES) is still checked for this.
const ENGLISH = 'src/composition/api/ApiDocsPage.tsx';

async function problems(code: string, file = COMPONENT): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result!.messages
    .filter((m) => m.ruleId === 'no-restricted-syntax')
    .map((m) => `${m.line}:${m.message.includes('useApiErrorText') ? 'own-message' : m.message}`);
}

// Only packages imported: the import rules cannot follow a file that does not exist to the app's modules.
const component = (handler: string, shown = '{problem}') => `import { useState } from 'react';
import { useTranslations } from 'use-intl';

export function SaveButton() {
  const t = useTranslations('ui');
  const errorText = useApiErrorText();
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    ${handler}
  };
  return <button type="button" onClick={() => void save()}>{t('save')} ${shown}</button>;
}
`;

const SAYS = 'own-message';

describe('the lint check for errors shown in their own words', { timeout: 60_000 }, () => {
  it('fails when a caught error’s message goes into state people see', async () => {
    expect(
      await problems(component("try { await api('/x'); } catch (err) { setProblem(err instanceof ApiError ? err.message : t('x')); }")),
    ).toEqual([`9:${SAYS}`]);
    expect(await problems(component("await api('/x').catch((error: Error) => setProblem(error.message));"))).toEqual([`9:${SAYS}`]);
  });

  it('fails on a message read in a catch block under any name', async () => {
    expect(await problems(component("try { await api('/x'); } catch (failure) { setProblem((failure as Error).message); }"))).toEqual([
      `9:${SAYS}`,
    ]);
  });

  it('fails when the message is rendered, in an English-only file too', async () => {
    expect(await problems(component('', '{err.message}').replace('const save', 'const err = new Error();\n  const save'))).toEqual([
      `12:${SAYS}`,
    ]);
    expect(await problems(component("try { await api('/x'); } catch (e) { setProblem(e.message); }"), ENGLISH)).toEqual([`9:${SAYS}`]);
  });

  it('passes the helper’s words and react-hook-form’s field texts', async () => {
    expect(await problems(component("try { await api('/x'); } catch (err) { setProblem(errorText(err)); }"))).toEqual([]);
    expect(
      await problems(component("await api('/x').catch((err: unknown) => setProblem(err instanceof ApiError ? errorText(err) : t('x')));")),
    ).toEqual([]);
    expect(await problems(component("setProblem('');", '{errors.name?.message}{errors.root.message}'))).toEqual([]);
  });
});
