/** `/robots.txt`: public pages open to crawlers, with the sitemap; everything closed when sign-in is required. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TEXT_TYPE, acceptReadOnly, sendDocument } from '@/server/feeds/respond';
import { renderRobots } from '@/server/feeds/robots';
import { openWorkspace, publicBase } from '@/server/feeds/site';

export async function serveRobots(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!acceptReadOnly(req, res)) return;
  const open = (await openWorkspace()) !== null;
  sendDocument(req, res, renderRobots({ open, sitemapUrl: `${publicBase()}/sitemap.xml` }), TEXT_TYPE);
}
