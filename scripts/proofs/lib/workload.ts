/**
 * The crash proof's write load: a board, signed-up people (members, moderators, admins) with real
 * sessions, and one worker per person, each on its own keep-alive connection, sending votes
 * (PUT/DELETE), new posts, comments and, for the team, status changes, one request at a time.
 * Every write goes into the ledger with its outcome. Workers pass a gate before each request, so
 * the proof can stop new requests at the moment it kills the server, leaving the ones in flight.
 */
import { Client, expectStatus } from './client';
import { Ledger, outcomeOf } from './ledger';
import type { Role } from '@/core/identity/roles';

/** mulberry32: a small seeded PRNG, so a seed replays the same kill moments and the same mix. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Person {
  id: string;
  role: Role;
  client: Client;
}

export interface Workspace {
  runTag: string;
  boardSlug: string;
  people: Person[];
  /** Statuses a change may move to: the open, planned and in-progress categories (voting stays open). */
  statusIds: string[];
  /** Posts to vote and comment on; grows with every acknowledged new post. */
  postNumbers: number[];
}

const PASSWORD = 'crash proof password';

/** Signs a new person up (201 and signed in where no confirmed email is required) and reads their id. */
async function signUp(baseUrl: string, email: string, displayName: string): Promise<Client> {
  const client = new Client(baseUrl);
  const answer = await client.request('POST', '/api/v1/auth/sign-up', { displayName, email, password: PASSWORD });
  expectStatus(answer, `sign up ${email}`, 201);
  client.adoptCookie(answer);
  if (!client.cookie) throw new Error(`sign up ${email}: no session cookie`);
  return client;
}

async function idOf(client: Client): Promise<string> {
  return expectStatus(await client.request<{ id: string }>('GET', '/api/v1/me'), 'GET /api/v1/me', 200).id;
}

/**
 * Everything the load needs, made through the API: the board, `members` members, three moderators
 * and two more admins (besides the set-up admin), and `initialPosts` posts.
 */
export async function setUpWorkspace(
  baseUrl: string,
  admin: { email: string; password: string },
  opts: { runTag: string; members: number; initialPosts: number; ledger: Ledger },
): Promise<Workspace> {
  const { runTag } = opts;
  const adminClient = new Client(baseUrl);
  const signIn = await adminClient.request('POST', '/api/v1/auth/sign-in', admin);
  expectStatus(signIn, 'admin sign-in', 200);
  adminClient.adoptCookie(signIn);
  const boardSlug = `crash-${runTag}`;
  expectStatus(await adminClient.request('POST', '/api/v1/boards', { name: `Crash ${runTag}`, slug: boardSlug }), 'create board', 201);
  const statuses = expectStatus(
    await adminClient.request<{ items: { id: string; category: string }[] } | { id: string; category: string }[]>(
      'GET',
      '/api/v1/statuses',
    ),
    'list statuses',
    200,
  );
  const statusList = Array.isArray(statuses) ? statuses : statuses.items;
  const statusIds = statusList.filter((s) => ['open', 'planned', 'in_progress'].includes(s.category)).map((s) => s.id);
  if (statusIds.length < 2) throw new Error('expected at least two open/planned/in-progress statuses');

  const people: Person[] = [{ id: await idOf(adminClient), role: 'admin', client: adminClient }];
  const team: Person['role'][] = ['moderator', 'moderator', 'moderator', 'admin', 'admin'];
  const roles: Person['role'][] = [...team, ...Array.from({ length: opts.members }, () => 'member' as const)];
  for (const [i, role] of roles.entries()) {
    const email = `crash-${runTag}-${i}@example.test`;
    const client = await signUp(baseUrl, email, `Crash ${role} ${i}`);
    const id = await idOf(client);
    if (role !== 'member') {
      expectStatus(await adminClient.request('PATCH', `/api/v1/members/${id}`, { role }), `make ${id} ${role}`, 200);
      // A role change ends the person's sessions: they sign in again.
      const again = await client.request('POST', '/api/v1/auth/sign-in', { email, password: PASSWORD });
      expectStatus(again, `sign in ${email}`, 200);
      client.adoptCookie(again);
    }
    people.push({ id, role, client });
  }

  const postNumbers: number[] = [];
  for (let i = 0; i < opts.initialPosts; i++) {
    const marker = `Crash ${runTag} seed post ${i}`;
    const post = expectStatus(
      await adminClient.request<{ number: number }>('POST', '/api/v1/posts', { board: boardSlug, title: marker, body: 'Seeded.' }),
      'create a post',
      201,
    );
    opts.ledger.record({ kind: 'post', userId: people[0]!.id, marker, boardSlug, outcome: 'acked', number: post.number });
    postNumbers.push(post.number);
  }
  return { runTag, boardSlug, people, statusIds, postNumbers };
}

/** Lets workers through, or holds them before their next request. */
export class Gate {
  private isOpen = false;
  private release: () => void = () => undefined;
  private opened: Promise<void> = new Promise((r) => (this.release = r));

  open(): void {
    this.isOpen = true;
    this.release();
  }

  close(): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.opened = new Promise((r) => (this.release = r));
  }

  async pass(): Promise<void> {
    while (!this.isOpen) await this.opened;
  }
}

export interface LoadState {
  gate: Gate;
  stopped: boolean;
  /** Requests sent and not yet answered or failed. */
  inFlight: number;
  /** Answers by status (or error code) over the whole run. */
  answers: Record<string, number>;
  sequence: number;
  /** The first few 4xx/5xx answers, to read why. */
  refusals: { method: string; path: string; status: number; body: unknown }[];
}

/** One person's loop until `state.stopped`: choose a write, pass the gate, send it, record it. */
export async function runWorker(person: Person, ws: Workspace, ledger: Ledger, state: LoadState, random: () => number): Promise<void> {
  const believedVote = new Map<number, boolean>();
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const team = person.role !== 'member';
  const send = async <T>(method: string, path: string, body?: unknown) => {
    await state.gate.pass();
    state.inFlight++;
    try {
      const answer = await person.client.request<T>(method, path, body);
      const key = String(answer.status ?? answer.error);
      state.answers[key] = (state.answers[key] ?? 0) + 1;
      if (answer.status !== undefined && answer.status >= 400 && state.refusals.length < 20) {
        state.refusals.push({ method, path, status: answer.status, body: answer.json });
      }
      return answer;
    } finally {
      state.inFlight--;
    }
  };

  while (!state.stopped) {
    const r = random();
    const n = ++state.sequence;
    const marker = `Crash ${ws.runTag} ${person.role} ${n}`;
    if (team ? r < 0.5 : false) {
      const postNumber = pick(ws.postNumbers);
      const statusId = pick(ws.statusIds);
      const answer = await send<{ change: { id: number } | null }>('POST', `/api/v1/posts/${postNumber}/status`, {
        statusId,
        note: marker,
      });
      const outcome = outcomeOf(answer.status);
      ledger.record({
        kind: 'status',
        userId: person.id,
        marker,
        postNumber,
        statusId,
        outcome,
        ...(outcome === 'acked' ? { changeId: Number(answer.json?.change?.id) } : {}),
      });
    } else if (team ? r < 0.7 : r < 0.25) {
      const postNumber = pick(ws.postNumbers);
      const internal = team && random() < 0.5;
      const answer = await send<{ id: number }>('POST', `/api/v1/posts/${postNumber}/comments`, { body: marker, internal });
      const outcome = outcomeOf(answer.status);
      ledger.record({
        kind: 'comment',
        userId: person.id,
        marker,
        postNumber,
        internal,
        outcome,
        ...(outcome === 'acked' ? { id: Number(answer.json?.id) } : {}),
      });
    } else if (team ? r < 0.8 : r < 0.4) {
      const answer = await send<{ number: number }>('POST', '/api/v1/posts', {
        board: ws.boardSlug,
        title: marker,
        body: `Body of ${marker}.`,
      });
      const outcome = outcomeOf(answer.status);
      const number = outcome === 'acked' ? Number(answer.json?.number) : undefined;
      ledger.record({ kind: 'post', userId: person.id, marker, boardSlug: ws.boardSlug, outcome, ...(number ? { number } : {}) });
      if (number) ws.postNumbers.push(number);
    } else {
      const postNumber = pick(ws.postNumbers);
      const voted = !(believedVote.get(postNumber) ?? false);
      believedVote.set(postNumber, voted);
      const answer = await send(voted ? 'PUT' : 'DELETE', `/api/v1/posts/${postNumber}/vote`);
      ledger.record({ kind: 'vote', userId: person.id, postNumber, voted, outcome: outcomeOf(answer.status) });
    }
  }
}
