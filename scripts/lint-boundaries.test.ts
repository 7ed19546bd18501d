/**
 * The layer rules of eslint.config.mjs fail when broken: each case lints a source text as if it
 * were a file of the project (the files it imports are the real ones), and expects the
 * boundary or cycle rule to report it, or to stay quiet for what is allowed.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
let eslint: ESLint;

beforeAll(() => {
  // The cycle rule's precomputed import graph (its SCC shortcut) is read from disk; these texts
  // exist only in memory, so the test follows imports one by one instead.
  eslint = new ESLint({
    cwd: root,
    overrideConfig: { files: ['src/**/*.{ts,tsx}'], rules: { 'import/no-cycle': ['error', { ignoreExternal: true, disableScc: true }] } },
  });
});

async function problems(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('import/')).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('feature boundaries (import/no-restricted-paths)', () => {
  it('refuses a feature importing another feature’s internals', async () => {
    const found = await problems(
      'src/features/votes/server/example.ts',
      "import { listPostTagIds } from '@/features/posts/server/queries';\nvoid listPostTagIds;\n",
    );
    expect(found.join('\n')).toMatch(/no-restricted-paths.*public surface/);
  });

  it('refuses a feature importing another feature’s client component', async () => {
    const found = await problems(
      'src/features/comments/client/Example.tsx',
      "import { PostEditForm } from '@/features/posts/client/PostEditor';\nvoid PostEditForm;\n",
    );
    expect(found.join('\n')).toMatch(/no-restricted-paths/);
  });

  it('allows a feature to use another feature’s public surface', async () => {
    const text = [
      "import { postParams } from '@/features/posts/schema';",
      "import { POST_SORTS } from '@/features/posts/enums';",
      "import { getPostContext } from '@/features/posts/server/access-service';",
      'void postParams; void POST_SORTS; void getPostContext;',
      '',
    ].join('\n');
    expect(await problems('src/features/votes/server/example.ts', text)).toEqual([]);
  });

  it('lets the composition layer combine client components, but not reach into queries', async () => {
    expect(
      await problems(
        'src/composition/post/Example.tsx',
        "import { VoteButton } from '@/features/votes/client/VoteButton';\nvoid VoteButton;\n",
      ),
    ).toEqual([]);
    const found = await problems(
      'src/composition/post/example.ts',
      "import { listVoters } from '@/features/votes/server/queries';\nvoid listVoters;\n",
    );
    expect(found.join('\n')).toMatch(/no-restricted-paths/);
  });

  it('keeps features out of shared infrastructure and the composition layer out of features', async () => {
    expect(
      (
        await problems('src/server/http/example.ts', "import { recordAudit } from '@/features/audit/server/service';\nvoid recordAudit;\n")
      ).join('\n'),
    ).toMatch(/server infrastructure must not import features/);
    expect(
      (await problems('src/core/identity/example.ts', "import { postParams } from '@/features/posts/schema';\nvoid postParams;\n")).join(
        '\n',
      ),
    ).toMatch(/shared code/);
    expect(
      (
        await problems(
          'src/features/posts/server/example.ts',
          "import { jobHandlers } from '@/composition/background';\nvoid jobHandlers;\n",
        )
      ).join('\n'),
    ).toMatch(/never import the composition layer/);
  });
});

describe('import cycles (import/no-cycle)', () => {
  it('is on, as an error, for every source file', async () => {
    const config = (await new ESLint({ cwd: root }).calculateConfigForFile(path.join(root, 'src/features/posts/server/service.ts'))) as {
      rules: Record<string, unknown[]>;
    };
    expect(config.rules['import/no-cycle']?.[0]).toBe(2);
  });

  it('refuses an import that closes a cycle, static or dynamic', async () => {
    // posts/server/service.ts imports access-service.ts; making access-service import it back closes a cycle.
    const statically = await problems(
      'src/features/posts/server/access-service.ts',
      "import { getPostDetail } from './service';\nvoid getPostDetail;\nexport {};\n",
    );
    expect(statically.join('\n')).toMatch(/no-cycle/);
    const dynamically = await problems('src/features/posts/server/access-service.ts', "export const later = () => import('./service');\n");
    expect(dynamically.join('\n')).toMatch(/no-cycle/);
  });
});
