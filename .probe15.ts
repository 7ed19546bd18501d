import { renderMarkdown } from './src/server/markdown/render';
const cases: Record<string, string> = {
  tick4s: '|' + '`4S'.repeat(3333),
  ticks: '`a'.repeat(5000),
  pipeTicks: '|`'.repeat(5000),
  tableTicks: '| a | b |\n|---|---|\n' + '| `x | y` |\n'.repeat(800),
};
for (const [k, s] of Object.entries(cases)) {
  let m = 1e9;
  for (let i = 0; i < 4; i++) {
    const t = performance.now();
    renderMarkdown(s);
    m = Math.min(m, performance.now() - t);
  }
  console.log(k, s.length, m.toFixed(0) + 'ms');
}
