import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { turbopackBootstrapScripts } from './turbopack-bootstrap';

const require = createRequire(import.meta.url);
const { getTurbopackChunkGroupBootstrap } = require('next/dist/server/get-page-files') as {
  getTurbopackChunkGroupBootstrap: (p: Record<string, unknown>, g: string, pages: string[]) => string | undefined;
};
const { htmlEscapeJsonString } = require('next/dist/shared/lib/htmlescape') as { htmlEscapeJsonString: (s: string) => string };

function buildDir(manifest: unknown) {
  const dir = mkdtempSync(path.join(tmpdir(), 'chorus-manifest-'));
  writeFileSync(path.join(dir, 'build-manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('turbopackBootstrapScripts', () => {
  it("rebuilds exactly the inline script Next renders for each page", () => {
    const params = {
      '/_app': { otherChunks: ['static/chunks/app.js'], runtimeModuleIds: [1, 2] },
      '/': { otherChunks: ['static/chunks/<home>&.js'], runtimeModuleIds: [1, 3] },
      '/privacy': { otherChunks: ['static/chunks/privacy.js'], runtimeModuleIds: [1, 4] },
    };
    const scripts = turbopackBootstrapScripts(buildDir({ pagesChunkGroupBootstrapParams: params, chunkLoadingGlobal: 'TURBOPACK' }));
    const expected = ['/', '/privacy'].map((page) => htmlEscapeJsonString(getTurbopackChunkGroupBootstrap(params, 'TURBOPACK', ['/_app', page])!));
    expect(scripts).toEqual(expected);
  });

  it('is empty without a Turbopack build', () => {
    expect(turbopackBootstrapScripts(buildDir({ pages: {} }))).toEqual([]);
    expect(turbopackBootstrapScripts(path.join(tmpdir(), 'no-such-build-dir'))).toEqual([]);
  });
});
