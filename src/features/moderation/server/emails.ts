import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { escapeHtml } from '@/server/mail/html';
import type { Email } from '@/server/mail/outbox';

/** Told to the author when the team rejects their post (SPEC.md §4). The title is their own text, escaped. */
export function postRejectedEmail(to: string, workspace: string, post: { title: string }): Email {
  const intro = `Your post “${post.title}” was reviewed by the team and was not published.`;
  const outro =
    'This can happen when a post duplicates another, is off-topic, or does not follow the guidelines. You are welcome to post again.';
  const url = `${env().PUBLIC_URL}${paths.home()}`;
  const text = [intro, outro, `Visit ${workspace}: ${url}`, `— ${workspace}`].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#18181b">
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(outro)}</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(`Visit ${workspace}`)}</a></p>
<p style="color:#52525b">— ${escapeHtml(workspace)}</p>
</body></html>`;
  return { to, kind: 'post_rejected', subject: `Your post was not published · ${workspace}`, text, html };
}
