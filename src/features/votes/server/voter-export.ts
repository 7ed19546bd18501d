/**
 * A post's whole voter list as CSV, for the team (SPEC.md §1: the team sees who voted, and when,
 * and who cast a vote on someone's behalf; issue 13: each voter's company and its monthly
 * revenue). The members page shows the team people's email addresses, so the file carries them
 * too.
 *
 * The file is written as it is read: a batch of voters at a time, in the voter list's keyset order
 * (newest first), so a post with a hundred thousand voters never sits in memory as objects, and
 * PGlite serves other requests between batches. It is not one snapshot: a vote cast while the file
 * is being written is newer than the first batch and is not in it; one taken back may be missing.
 */
import { presentPerson } from '@/core/identity/person';
import { canModerate } from '@/core/identity/policy';
import { apiKeyLabel, recordAudit } from '@/features/audit/server/service';
import { getPostContext } from '@/features/posts/server/access-service';
import { db } from '@/server/db/client';
import type { UserActor } from '@/server/identity/actor';
import { requireAllowed } from '@/server/identity/authorize';
import { csvLine } from '@/lib/csv';
import { listVotersForExport, type VoterKey } from './queries';

/** `company_mrr` is the company's monthly revenue in the host product's currency units (`1234.50`), empty when unknown. */
export const VOTER_CSV_COLUMNS = ['voter_name', 'voter_email', 'voted_at', 'cast_by', 'company', 'company_mrr'] as const;
/** Rows read per query. */
export const VOTER_CSV_BATCH = 1000;
/**
 * A byte-order mark first: without it, Excel reads the UTF-8 file in the system's legacy code
 * page and garbles every accented name. RFC 4180 readers (and Chorus's own import) skip it.
 */
const BOM = '\uFEFF';

export interface VoterCsv {
  filename: string;
  chunks: AsyncIterable<string>;
}

type ExportRow = Awaited<ReturnType<typeof listVotersForExport>>[number];

/** One voter's line: deleted accounts as the product shows them elsewhere, without an address. */
function voterLine(r: ExportRow): string {
  const voter = presentPerson({ id: r.userId, displayName: r.displayName, deleted: r.deletedAt !== null });
  const castBy = r.castById ? presentPerson({ id: r.castById, displayName: r.castByName, deleted: r.castByDeletedAt !== null }) : null;
  // A vote cast with an API key is the key's, by name (its creator is in the audit log).
  const castByText = r.castByKeyName ? apiKeyLabel(r.castByKeyName) : (castBy?.displayName ?? '');
  const mrr = r.companyMonthlyRevenueCents === null ? '' : (r.companyMonthlyRevenueCents / 100).toFixed(2);
  return csvLine([
    voter.displayName,
    voter.id ? r.email : '',
    r.createdAt.toISOString(),
    castByText,
    r.companyName ?? '',
    r.companyName ? mrr : '',
  ]);
}

/**
 * The voters of a post the team member may see (404 otherwise), as CSV. Each download is
 * audited, as its first chunk is written (a HEAD request reads none): the file holds people's
 * email addresses.
 */
export async function exportVotersCsv(actor: UserActor, number: number, ip: string, batch = VOTER_CSV_BATCH): Promise<VoterCsv> {
  requireAllowed(canModerate(actor));
  const { post } = await getPostContext(db(), actor, number);
  const audit = () =>
    recordAudit({
      actor,
      action: 'post.voters_exported',
      targetType: 'post',
      targetId: String(post.number),
      after: { voters: post.voteCount },
      ip,
    });
  return { filename: `post-${post.number}-voters.csv`, chunks: voterCsvChunks(post.id, batch, audit) };
}

/** The header with the first batch (so a failing first read is still a clean error), then a batch per chunk. */
async function* voterCsvChunks(postId: string, batch: number, before: () => Promise<void>): AsyncGenerator<string> {
  await before();
  let head = BOM + csvLine(VOTER_CSV_COLUMNS);
  let after: VoterKey | undefined;
  for (;;) {
    const rows = await listVotersForExport(db(), postId, { after, limit: batch });
    const text = head + rows.map(voterLine).join('');
    if (text) yield text;
    head = '';
    const last = rows[rows.length - 1];
    if (rows.length < batch || !last) return;
    after = { createdAt: last.createdAtKey, userId: last.userId };
  }
}
