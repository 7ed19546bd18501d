/**
 * Posts and votes from the CSV exports of Canny and Fider, turned into a workspace document
 * (format.ts) for the one importer. Columns are matched by name, without regard to case, spaces
 * or underscores; the accepted names are listed in docs/api.md ("Import and export").
 */
import { slugify } from '@/lib/slug';
import { csvObjects, CsvError } from './csv';
import { EXPORT_FORMAT, EXPORT_VERSION, workspaceExport, type WorkspaceExport } from './format';
import { ImportReport, type Locate } from './report';

export type CsvSource = 'canny' | 'fider';

export interface CsvImportInput {
  source: CsvSource;
  /** The board for posts that name none (every Fider post; Canny posts without a Board column). */
  board?: string;
  posts: string;
  votes?: string;
}

/** Status names of the two products, mapped to Chorus's default status slugs. */
const STATUS_ALIASES: Record<string, string> = {
  open: 'open',
  'under-review': 'under-review',
  planned: 'planned',
  'in-progress': 'in-progress',
  started: 'in-progress',
  complete: 'complete',
  completed: 'complete',
  closed: 'closed',
  declined: 'closed',
  duplicate: 'closed',
};

const COLUMNS = {
  canny: {
    id: ['ID', 'Post ID'],
    title: ['Title', 'Post Title', 'Name'],
    body: ['Details', 'Description', 'Body'],
    board: ['Board', 'Board Name'],
    status: ['Status'],
    authorEmail: ['Author Email', 'Email', 'Created By Email'],
    authorName: ['Author Name', 'Author', 'Created By'],
    createdAt: ['Created At', 'Created', 'Date', 'Created Date'],
    tags: ['Tags'],
    votePost: ['Post ID', 'Post', 'Post Title', 'Title'],
    voterEmail: ['Voter Email', 'Email', 'User Email'],
    voterName: ['Voter Name', 'Name', 'User Name'],
    votedAt: ['Created At', 'Created', 'Voted At', 'Date'],
  },
  fider: {
    id: ['number', 'post_number'],
    title: ['title'],
    body: ['description'],
    board: [] as string[],
    status: ['status'],
    authorEmail: ['created_by_email', 'author_email'],
    authorName: ['created_by'],
    createdAt: ['created_at'],
    tags: ['tags'],
    votePost: ['number', 'post_number', 'post'],
    voterEmail: ['email', 'user_email'],
    voterName: ['name', 'user_name'],
    votedAt: ['created_at'],
  },
} as const;

const toIso = (v: string | undefined): string | undefined => {
  if (!v) return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? v : new Date(t).toISOString();
};

/**
 * Reads the files into a workspace document; any bad row is reported with its file and line, and
 * nothing is returned unless every row is good.
 */
export function csvToWorkspace(input: CsvImportInput, knownBoards: Set<string>): { doc: WorkspaceExport; locate: Locate } {
  const cols = COLUMNS[input.source];
  const report = new ImportReport();
  const lines: Record<string, number[]> = { posts: [], votes: [], statusChanges: [] };
  const files: Record<string, string> = { posts: 'posts.csv', votes: 'votes.csv', statusChanges: 'posts.csv', members: 'votes.csv' };
  const locate: Locate = (section, index) => `${files[section] ?? section} line ${lines[section]?.[index] ?? '?'}`;

  let posts;
  try {
    posts = csvObjects(input.posts);
  } catch (err) {
    if (err instanceof CsvError) report.add('posts.csv', err.message);
    report.throwIfAny();
    throw err;
  }
  if (!cols.title.some((t) => posts.header.includes(t.toLowerCase().replace(/[^a-z0-9]/g, ''))))
    report.add('posts.csv', `no title column (expected one of: ${cols.title.join(', ')})`);
  report.throwIfAny();

  const boards = new Map<string, { slug: string; name: string }>();
  const byKey = new Map<string, number>();
  const byTitle = new Map<string, number>();
  const rawPosts: Record<string, unknown>[] = [];
  const rawChanges: Record<string, unknown>[] = [];
  posts.rows.forEach((row, i) => {
    const number = i + 1;
    const key = row.get(...cols.id);
    const boardName = cols.board.length ? row.get(...cols.board) : undefined;
    let board = input.board;
    if (boardName) {
      board = slugify(boardName) || undefined;
      if (board && !knownBoards.has(board) && !boards.has(board)) boards.set(board, { slug: board, name: boardName.slice(0, 50) });
    }
    if (!board) report.add(`posts.csv line ${row.line}`, 'no board: choose the board to import into');
    const statusName = row.get(...cols.status);
    const statusSlug = statusName ? (STATUS_ALIASES[slugify(statusName)] ?? slugify(statusName)) : null;
    const original = input.source === 'fider' ? row.get('original_number') : undefined;
    const title = row.get(...cols.title) ?? '';
    rawPosts.push({
      number,
      board: board ?? 'none',
      author: row.get(...cols.authorEmail) ?? null,
      title,
      body: row.get(...cols.body) ?? '',
      status: statusSlug,
      tags: (row.get(...cols.tags) ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
      createdAt: toIso(row.get(...cols.createdAt)),
      mergedInto: original ? (Number(original) as number) : null,
    });
    lines.posts!.push(row.line);
    if (key) byKey.set(key, number);
    byTitle.set(title.toLowerCase(), number);
    // Fider keeps the team's last response to a post: it becomes the post's status history.
    const response = input.source === 'fider' ? row.get('response') : undefined;
    if (response && statusSlug) {
      rawChanges.push({ post: number, from: null, to: statusSlug, by: null, note: response, createdAt: toIso(row.get('responded_at')) });
      lines.statusChanges!.push(row.line);
    }
  });
  // Fider's original_number is the source's own post number: point it at the imported post.
  for (const p of rawPosts) {
    if (p.mergedInto === null) continue;
    const target = byKey.get(String(p.mergedInto));
    p.mergedInto = target ?? null;
  }

  const rawVotes: Record<string, unknown>[] = [];
  const members = new Map<string, { email: string; displayName: string }>();
  if (input.votes) {
    let votes;
    try {
      votes = csvObjects(input.votes);
    } catch (err) {
      if (err instanceof CsvError) report.add('votes.csv', err.message);
      report.throwIfAny();
      throw err;
    }
    for (const row of votes.rows) {
      const ref = row.get(...cols.votePost);
      const post = ref ? (byKey.get(ref) ?? byTitle.get(ref.toLowerCase())) : undefined;
      const email = row.get(...cols.voterEmail)?.toLowerCase();
      if (!ref || post === undefined) {
        report.add(`votes.csv line ${row.line}`, ref ? `no post "${ref}" in posts.csv` : 'no post column');
        continue;
      }
      if (!email) {
        report.add(`votes.csv line ${row.line}`, 'no voter email');
        continue;
      }
      const name = row.get(...cols.voterName);
      if (name && !members.has(email)) members.set(email, { email, displayName: name.slice(0, 50) });
      rawVotes.push({ post, member: email, createdAt: toIso(row.get(...cols.votedAt)) });
      lines.votes!.push(row.line);
    }
  }

  const raw = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    members: [...members.values()],
    boards: [...boards.values()],
    posts: rawPosts,
    votes: rawVotes,
    statusChanges: rawChanges,
  };
  const parsed = workspaceExport.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [section, index, ...rest] = issue.path;
      const where = typeof section === 'string' && typeof index === 'number' ? locate(section, index) : 'file';
      report.add(where, `${rest.length ? `${rest.join('.')}: ` : ''}${issue.message}`);
    }
  }
  report.throwIfAny();
  return { doc: parsed.data!, locate };
}
