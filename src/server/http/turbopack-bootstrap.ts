import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The inline scripts a Turbopack production build puts in every Pages Router page: one per page,
 * `(globalThis.TURBOPACK ||= []).push({otherChunks, runtimeModuleIds})` for `/_app` and the page,
 * which boots the client. The Content-Security-Policy must allow each by its hash, or no page
 * hydrates. Rebuilt here exactly as next/dist/pages/_document.js renders them (Next 16.4:
 * getTurbopackChunkGroupBootstrap + htmlEscapeJsonString); a build without them (webpack) gives [].
 */
export function turbopackBootstrapScripts(buildDir = path.join(process.cwd(), '.next')): string[] {
  let manifest: { pagesChunkGroupBootstrapParams?: Record<string, unknown>; chunkLoadingGlobal?: string };
  try {
    manifest = JSON.parse(readFileSync(path.join(buildDir, 'build-manifest.json'), 'utf8'));
  } catch {
    return [];
  }
  const params = manifest.pagesChunkGroupBootstrapParams;
  if (!params || !manifest.chunkLoadingGlobal) return [];
  const g = JSON.stringify(manifest.chunkLoadingGlobal);
  const push = (page: string) => (params[page] ? [`(globalThis[${g}] || (globalThis[${g}] = [])).push(${JSON.stringify(params[page])});`] : []);
  return Object.keys(params)
    .filter((page) => page !== '/_app')
    .map((page) => [...push('/_app'), ...push(page)].join('\n'))
    .map(htmlEscapeJsonString);
}

const ESCAPES: Record<string, string> = { '&': '\\u0026', '>': '\\u003e', '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
const htmlEscapeJsonString = (s: string) => s.replace(/[&><\u2028\u2029]/g, (c) => ESCAPES[c]!);
