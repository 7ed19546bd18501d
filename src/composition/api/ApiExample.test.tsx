import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiExample } from './ApiExample';
import { API_EXAMPLES } from './examples';
import { buildApiReference } from './reference';
import { openApiDocument } from './registry';

const operations = buildApiReference(openApiDocument(), API_EXAMPLES).groups.flatMap((g) => g.operations);
const render = (method: string, path: string) => {
  const op = operations.find((o) => o.method === method && o.path === path)!;
  return renderToStaticMarkup(<ApiExample opId={op.id} title={`${op.method} ${op.path}`} example={op.example!} />);
};

describe('an operation’s example on /docs/api', () => {
  it('is collapsed, with labelled code blocks that take keyboard focus', () => {
    const html = render('POST', '/api/v1/posts');
    expect(html).toMatch(/^<details[^>]*>/);
    expect(html).not.toMatch(/^<details[^>]*\bopen\b/);
    for (const label of ['curl example', 'Request example', 'Response example']) {
      expect(html).toContain(`role="region" aria-label="${label}: POST /api/v1/posts" tabindex="0"`);
    }
    expect(html).toContain('Authorization: Bearer $CHORUS_API_KEY');
    expect(html).toContain('Response: 201');
    // JSON is text, escaped, never markup.
    expect(html).toContain('&quot;title&quot;: &quot;Keyboard shortcuts for voting&quot;');
  });

  it('says that keys are not accepted on account endpoints, and shows the cookie flow', () => {
    const html = render('POST', '/api/v1/me/password');
    expect(html).toContain('API keys are not accepted here');
    expect(html).toContain('-b cookies.txt -c cookies.txt');
    expect(html).not.toContain('Authorization');
  });

  it('shows no body for a 204, and the media type of a file answer', () => {
    expect(render('DELETE', '/api/v1/posts/{number}')).toContain('No content.');
    const csv = render('GET', '/api/v1/posts/{number}/votes.csv');
    expect(csv).toContain('(text/csv)');
    expect(csv).toContain('voter_name,voter_email');
  });

  it('renders for every operation', () => {
    for (const op of operations) expect(() => render(op.method, op.path)).not.toThrow();
  });
});
