#!/usr/bin/env node
/**
 * Prints the shape of the import graph under src/ (tests excluded):
 * - imports from one feature into another feature's internals (anything outside the public
 *   surface listed in PUBLIC below, which is the rule the lint zones enforce);
 * - pairs of features that import each other (through any file);
 * - import cycles between files (strongly connected components of two or more files, and
 *   the shortest cycle through each).
 *
 *   node scripts/deps-report.mjs            figures
 *   node scripts/deps-report.mjs --list     figures and every offending import
 *
 * Static imports, re-exports and dynamic import() all count: a cycle hidden behind a dynamic
 * import is still a cycle.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const src = path.join(root, 'src');
const list = process.argv.includes('--list');

/** A feature's public surface: the files other features may import (docs/architecture.md, "What may import what"). */
const PUBLIC = [/^(?:[\w-]+-)?schema\.ts$/, /^enums\.ts$/, /^server\/(?:[\w-]+-)?service\.ts$/];

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function resolveSpecifier(from, spec) {
  let base;
  if (spec.startsWith('@/')) base = path.join(src, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const files = walk(src);
const edges = new Map();
for (const file of files) {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = new Set();
  for (const ref of info.importedFiles) {
    const resolved = resolveSpecifier(file, ref.fileName);
    if (resolved && !/\.test\.tsx?$/.test(resolved)) targets.add(resolved);
  }
  edges.set(file, [...targets]);
}

const rel = (f) => path.relative(src, f);
const featureOf = (f) => {
  const m = /^features\/([^/]+)\/(.*)$/.exec(rel(f));
  return m ? { name: m[1], inner: m[2] } : null;
};

// 1. Cross-feature imports of internals.
const internals = [];
const featureEdges = new Map();
for (const [from, tos] of edges) {
  const a = featureOf(from);
  if (!a) continue;
  for (const to of tos) {
    const b = featureOf(to);
    if (!b || b.name === a.name) continue;
    if (!featureEdges.has(a.name)) featureEdges.set(a.name, new Set());
    featureEdges.get(a.name).add(b.name);
    if (!PUBLIC.some((re) => re.test(b.inner))) internals.push(`${rel(from)} → ${rel(to)}`);
  }
}

// 2. Features that import each other.
const mutual = [];
for (const [a, bs] of featureEdges) {
  for (const b of bs) if (a < b && featureEdges.get(b)?.has(a)) mutual.push(`${a} ⇄ ${b}`);
}

// 3. File cycles: Tarjan's strongly connected components.
let index = 0;
const stack = [];
const state = new Map();
const components = [];
function connect(v) {
  state.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of edges.get(v) ?? []) {
    if (!edges.has(w)) continue;
    if (!state.has(w)) {
      connect(w);
      state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
    } else if (state.get(w).onStack) {
      state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
    }
  }
  if (state.get(v).low === state.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component);
  }
}
for (const v of edges.keys()) if (!state.has(v)) connect(v);

/** The shortest cycle through `start` inside its component (breadth-first). */
function shortestCycle(start, members) {
  const inside = new Set(members);
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of edges.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const cycle = [v];
        for (let p = prev.get(v); p; p = prev.get(p)) cycle.unshift(p);
        return [...cycle, start].map(rel).join(' → ');
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return '';
}

console.log(`files: ${files.length}`);
console.log(`cross-feature imports of internals: ${internals.length}`);
if (list) for (const line of internals) console.log(`  ${line}`);
console.log(`mutually importing feature pairs: ${mutual.length}`);
if (list) for (const line of mutual) console.log(`  ${line}`);
console.log(`import cycles (strongly connected groups of files): ${components.length}`);
for (const c of components) console.log(`  ${c.length} files, e.g. ${shortestCycle(c[c.length - 1], c)}`);
if (process.argv.includes('--check') && (internals.length || mutual.length || components.length)) process.exit(1);
