/**
 * The one HTTP pipeline for every /api route:
 * method → actor (session cookie, API key or widget token) and CSRF → API key or widget access → workspace
 * access → policy → rate limit → storable text → body/query validation → handler → JSON.
 * Every failure leaves in the catalogue shape of SPEC.md §8 with the request id. Each route states
 * its path and each endpoint everything about it (who may call it, with a key or from the widget,
 * what it is for the OpenAPI document); nothing about an endpoint is kept in a list elsewhere.
 */
import type { ServerResponse } from 'node:http';
import type { NextApiRequest, NextApiResponse } from 'next';
import { z, type ZodType } from 'zod';
import { canReadWorkspace, type Decision, type PolicyActor } from '@/core/identity/policy';
import { requireAllowed } from '@/server/identity/authorize';
import { getPublicWorkspace } from '@/server/workspace';
import { bumpContentGeneration, bumpVotes, collectingVotes, ownWriteWindowSeconds } from '@/server/cache/visitor-cache';
import { noteVoter } from '@/server/cache/shared-render';
import type { VoteChange } from '@/server/cache/changes';
import { markRecentWrite } from '@/server/identity/cookies';
import { logger } from '@/server/log';
import { isDatabaseUnavailable } from '@/server/db/unavailable';
import { flushLiveSignals } from '@/server/live/hub';
import type { Actor, UserActor } from '../identity/actor';
import { authenticate } from './authenticate';
import { readFileBody, readFormOrJsonBody, readJsonBody } from './body';
import type { ErrorCode } from '@/lib/error-codes';
import { AppError, errorBody } from './errors';
import { enforceRateLimit, type RateLimitRule } from './rate-limit';
import { clientIp, requestIdOf } from './request-meta';
import { checksResponses, responseMismatch } from './response-contract';
import { unstorableTextFields } from './storable-text';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint with an API key: see `Endpoint.apiKey`. */
export type ApiKeyAccess = 'key' | 'session';

/** A route's public path, with Next.js dynamic segments written `{name}`: `/api/v1/members/{id}`. */
export type ApiPath = `/api/${string}`;

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Bytes sent as they are (a served image), with the content type in `headers`; instead of a JSON body. */
  raw?: Buffer;
  /**
   * A body written as it is produced (a long CSV download), with the content type in `headers`;
   * instead of a JSON body. Nothing is sent before its first chunk, so a failure up to then is
   * still an error in the catalogue shape; one after it ends the connection, and the client sees
   * an incomplete download. Stops being read when the client goes away.
   */
  stream?: AsyncIterable<string | Uint8Array>;
}

export interface Ctx<B, Q, A extends Actor = Actor> {
  req: NextApiRequest;
  /** For cookies only; the reply itself is what `handle` returns. */
  res: NextApiResponse;
  requestId: string;
  /** Who asked: a signed-in actor when the endpoint's policy turns visitors away (SignedInPolicy). */
  actor: A;
  ip: string;
  body: B;
  query: Q;
  /** The uploaded file, on endpoints with `upload` (empty when nothing was sent); undefined elsewhere. */
  file?: Buffer;
}

type Infer<S> = S extends ZodType ? z.output<S> : undefined;

/** An endpoint's policy decides from the actor alone (src/core/identity/policy.ts). */
export type Authorize = ((actor: PolicyActor) => Decision) & { readonly signedInOnly?: true };
/** The actor a handler receives: passing a signed-in-only policy proves there is one. */
type ActorAfter<P> = P extends { readonly signedInOnly: true } ? UserActor : Actor;

export interface Endpoint<
  BS extends ZodType | undefined = undefined,
  QS extends ZodType | undefined = undefined,
  P extends Authorize = Authorize,
> {
  /** Every endpoint states who may call it; there is no default. */
  authorize: P;
  /**
   * Whether an API key may call it (docs/api.md, "API keys"); required, so that no endpoint is
   * open to keys, or closed to them, by omission.
   * - `key`: a key may call it; the policy then decides, as for anyone, from the role the key acts
   *   with (its scope, capped by its creator's role). A `read` key is refused every method but GET
   *   and HEAD.
   * - `session`: only a person signed in may call it: their own account, session or preferences
   *   (sign-in, password, email, their export, notifications, subscriptions, saved views, setup),
   *   the API keys themselves (a key never mints or revokes keys), single sign-on (it holds client
   *   secrets and decides who can sign in), and the identify secret (a key that could read or
   *   replace it could mint sign-ins for any member). A key is a program, not its creator at a
   *   keyboard: these answer 403 to every key.
   */
  apiKey: ApiKeyAccess;
  /**
   * The embedded widget's token may call it (docs/widget.md). A widget session
   * (src/server/identity/widget-sessions.ts) is the member themselves, so the policy and
   * per-person limits apply as to their session; but it is a token living in a page framed by
   * another site, so it is good for what the panel does and nothing else: reading boards, posts
   * and the changelog, searching, suggesting similar posts, posting and voting. Anything without
   * this answers 403 to a widget token (their account, notifications, exports, the team's tools).
   */
  widget?: true;
  body?: BS;
  query?: QS;
  /**
   * Reachable by visitors even when the workspace requires sign-in: health, the not-found
   * answer, setup and the account flows (sign-in, sign-up, reset…), like `openToVisitors` on
   * the sign-in pages (withShell).
   */
  openToVisitors?: boolean;
  /**
   * The request carries its own credential (a signed token in the query) and the handler uses
   * no session: cross-site requests are then allowed (a mail provider's one-click unsubscribe,
   * RFC 8058, comes from anywhere), and an `application/x-www-form-urlencoded` body is read as
   * fields. Only for endpoints whose handler ignores the actor; give them a rate limit.
   */
  tokenAuthenticated?: boolean;
  /** Limits counted per actor when signed in, per IP otherwise. */
  rateLimit?: RateLimitRule;
  /**
   * What an accepted write changes for the copies of pages and lists (src/server/cache/changes.ts).
   * By default anything, and every copy goes; `votes`: only the votes its handler notes
   * (`noteVote`), so only the copies that show those posts' counts go (and every copy when it
   * noted none).
   */
  changes?: 'votes';
  /** A larger JSON body than SPEC.md §5's 1 MiB, for the few endpoints that take files (imports). */
  maxBodyBytes?: number;
  /**
   * The body is a file, read as bytes (up to `maxBytes`, 413 beyond) and handed over as a Buffer
   * instead of JSON: only the upload routes, whose files may be larger than the 1 MiB of JSON.
   * The bytes are checked by what they are (features/attachments sniffs them), not by a declared type.
   */
  upload?: { maxBytes: number };
  /** For the OpenAPI document and /docs/api only (they never change behaviour): a one-line summary… */
  summary?: string;
  /** …a longer description (plain text)… */
  description?: string;
  /** …the group it is listed under (default: the path's first segment)… */
  tags?: string[];
  /** …and the domain errors it may answer beyond the pipeline's own (CONFLICT, VOTING_CLOSED…). */
  errors?: ErrorCode[];
  /** …and the media type of a success that is not JSON (`text/csv`); the API fuzzer accepts exactly that. */
  produces?: string | readonly string[];
  /**
   * The success answer: a zod schema of its JSON body as it goes on the wire (dates as ISO strings),
   * or `null` when it has none (204). The OpenAPI document's response schema; in development and
   * tests every success answer is checked against it (./response-contract.ts). Files, downloads and
   * streams (`produces`, raw bytes) have none.
   */
  response?: ZodType | null;
  handle: (ctx: Ctx<Infer<BS>, Infer<QS>, ActorAfter<P>>) => Promise<Reply> | Reply;
}

export const json = (body: unknown, status = 200, headers?: Record<string, string>): Reply => ({ status, body, headers });
export const noContent = (): Reply => ({ status: 204 });

/** Identity helper that keeps each endpoint's schema types inferred. */
export function endpoint<
  BS extends ZodType | undefined = undefined,
  QS extends ZodType | undefined = undefined,
  P extends Authorize = Authorize,
>(e: Endpoint<BS, QS, P>): Endpoint<BS, QS, P> {
  return e;
}

/** Every state-changing request from one source counts here too, whatever the endpoint. */
const WRITE_LIMIT: RateLimitRule = { name: 'writes', limit: 600, windowSeconds: 60 };
/**
 * SPEC.md §9: every request made with an API key counts here, per key, and only here: the
 * endpoints' per-person limits (posts 10/h…) are for people, and an integration acting for many
 * customers would hit them at once.
 */
export const API_KEY_LIMIT: RateLimitRule = { name: 'api-key', limit: 600, windowSeconds: 60 };

// Endpoints of different schemas live in one map; each is checked by `endpoint()` where it is written.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the map is heterogeneous by design
type AnyEndpoint = Endpoint<any, any, any>;

export type EndpointMap = Partial<Record<Method, AnyEndpoint>>;

/**
 * A route handler, with its path and endpoints readable for the OpenAPI document
 * (src/server/http/openapi.ts). The path is the one of the file under src/pages that serves it
 * (src/composition/api/registry.test.ts checks each). Its type keeps the path and the methods
 * it serves, so that what is listed per operation (the API examples) is checked against them.
 */
export type RouteHandler<P extends ApiPath = ApiPath, M extends Method = never> = ((
  req: NextApiRequest,
  res: NextApiResponse,
) => Promise<void>) & {
  readonly path: P;
  readonly endpoints: EndpointMap & { readonly [K in M]: AnyEndpoint };
};

/** The methods a route serves, as its type knows them. */
type ServedMethods<E> = { [K in keyof E]-?: object extends Pick<E, K> ? never : K }[keyof E] & Method;

/** Each operation of a route, `GET /api/v1/posts`: the key of its API example. */
export type OperationKey<R> = R extends RouteHandler<infer P> ? `${ServedMethods<R['endpoints']>} ${P}` : never;

export function route<P extends ApiPath, E extends EndpointMap & Record<Exclude<keyof E, Method>, never>>(
  path: P,
  methods: E,
): RouteHandler<P, keyof E & Method> {
  return Object.assign(pipeline(path, methods), {
    path,
    endpoints: methods as EndpointMap & { readonly [K in keyof E & Method]: AnyEndpoint },
  });
}

function pipeline(path: ApiPath, methods: EndpointMap) {
  const allow = [...Object.keys(methods), ...(methods.GET ? ['HEAD'] : [])].join(', ');

  return async function handler(req: NextApiRequest, res: NextApiResponse): Promise<void> {
    const requestId = requestIdOf(req);
    res.setHeader('x-request-id', requestId);
    res.setHeader('cache-control', 'no-store');
    const method = (req.method === 'HEAD' ? 'GET' : req.method) as Method;
    const ep = methods[method];
    const votes: VoteChange[] = [];
    try {
      // Several instances: this browser's next reads skip the visitor micro-caches (src/server/cache).
      const ownWrites = method === 'GET' ? 0 : ownWriteWindowSeconds();
      if (ownWrites > 0) markRecentWrite(res, ownWrites);
      if (!ep) throw new AppError('METHOD_NOT_ALLOWED', undefined, { headers: { Allow: allow } });

      const actor = await authenticate(req, res, ep);
      const ip = clientIp(req);
      if (actor.kind === 'user' && actor.apiKey) {
        // Fails closed: anything but `key` (a JavaScript caller's missing field too) refuses keys.
        if (ep.apiKey !== 'key') throw new AppError('FORBIDDEN', 'API keys cannot use this endpoint: it is for people signed in.');
        if (actor.apiKey.scope === 'read' && method !== 'GET')
          throw new AppError('FORBIDDEN', 'This API key may only read (its scope is read).');
      } else if (actor.kind === 'user' && actor.widgetSessionHash && ep.widget !== true) {
        // A widget token is the member's session inside the widget: their limits, the widget's endpoints only.
        throw new AppError('FORBIDDEN', 'The widget cannot use this endpoint: open the board to do this.');
      }

      // Workspace access (SPEC.md §6, first row) is decided here, once, for every endpoint,
      // rather than by a `public: true` flag on the endpoints that serve public content: a
      // visitor to a sign-in-required workspace gets 401 from every endpoint that has not opted
      // out with `openToVisitors`. That fails closed: a new public read that forgets a flag stays
      // private instead of leaking. Signed-in people are never affected, so this costs one
      // settings read on visitor requests only.
      if (actor.kind === 'visitor' && !ep.openToVisitors) {
        requireAllowed(canReadWorkspace(actor, await getPublicWorkspace()));
      }

      requireAllowed(ep.authorize(actor));
      // The handler's type promises a signed-in actor after a signed-in-only policy: hold to it.
      if (ep.authorize.signedInOnly && actor.kind !== 'user') throw new AppError('UNAUTHENTICATED');

      // Rate limits count what the policy lets through. A request it refuses does nothing and
      // costs nothing more to refuse again; counting it would be a database write per refusal,
      // which anonymous clients sending junk could make by the thousand (issue 22).
      if (actor.kind === 'user' && actor.apiKey) await enforceRateLimit(API_KEY_LIMIT, actor.apiKey.id);
      else {
        const subject = actor.kind === 'user' ? `user:${actor.id}` : `ip:${ip}`;
        if (method !== 'GET') await enforceRateLimit(WRITE_LIMIT, subject);
        if (ep.rateLimit) await enforceRateLimit(ep.rateLimit, subject);
      }

      if (ep.upload && method !== 'GET') {
        const file = await readFileBody(req, ep.upload.maxBytes);
        const unstorableQuery = unstorableTextFields(req.query, 'query.');
        if (Object.keys(unstorableQuery).length > 0) throw new AppError('VALIDATION_FAILED', undefined, { fields: unstorableQuery });
        const query = ep.query ? parse(ep.query, req.query, 'query.') : undefined;
        const reply = await ep.handle({ req, res, requestId, actor, ip, body: undefined, query, file });
        holdToDeclaredResponse(ep, reply, `${method} ${path}`);
        await deliver(req, res, reply, requestId);
        return;
      }
      const rawBody =
        method === 'GET' ? undefined : ep.tokenAuthenticated ? await readFormOrJsonBody(req) : await readJsonBody(req, ep.maxBodyBytes);
      // Every string received (query, path segments, which Next merges into req.query, and the
      // body, keys included), whether or not the endpoint's schemas name it: PostgreSQL refuses
      // some characters, and a refusal there would be a 500 (src/server/http/storable-text.ts).
      const unstorable = { ...unstorableTextFields(req.query, 'query.'), ...unstorableTextFields(rawBody) };
      if (Object.keys(unstorable).length > 0) throw new AppError('VALIDATION_FAILED', undefined, { fields: unstorable });
      const body = ep.body ? parse(ep.body, rawBody, '') : undefined;
      const query = ep.query ? parse(ep.query, req.query, 'query.') : undefined;

      const handle = () => ep.handle({ req, res, requestId, actor, ip, body, query });
      const reply = await (ep.changes === 'votes' ? collectingVotes(votes, handle) : handle());
      // Committed: a page a moment behind on votes is never theirs (src/server/cache/shared-render.ts).
      if (ep.changes === 'votes' && actor.kind === 'user') noteVoter(actor.id);
      holdToDeclaredResponse(ep, reply, `${method} ${path}`);
      await deliver(req, res, reply, requestId);
    } catch (err) {
      if (err instanceof AppError) {
        send(res, err.status, errorBody(err.code, requestId, err.message, err.options.fields, err.options.reason), err.options.headers);
        return;
      }
      if (isDatabaseUnavailable(err)) {
        logger().warn({ err, requestId, method: req.method, url: req.url }, 'database unavailable');
        send(res, 503, errorBody('UNAVAILABLE', requestId), { 'retry-after': '5' });
        return;
      }
      logger().error({ err, requestId, method: req.method, url: req.url }, 'unhandled error in API route');
      send(res, 500, errorBody('INTERNAL', requestId));
    } finally {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        // An accepted write may have changed what visitors see (src/server/cache); a refused one
        // (401, 403, 422, 429…) changed nothing, so it leaves every cached page cached.
        if (res.statusCode < 400) {
          if (ep?.changes === 'votes' && votes.length > 0) bumpVotes(votes);
          else bumpContentGeneration();
        }
        // …and published live signals that are now committed (embedded PGlite: src/server/live/hub.ts).
        flushLiveSignals();
      }
    }
  };
}

/** In development and tests, an answer that differs from the endpoint's declared response fails (./response-contract.ts). */
function holdToDeclaredResponse(ep: AnyEndpoint, reply: Reply, operation: string): void {
  if (!checksResponses()) return;
  const mismatch = responseMismatch(ep.response, reply);
  if (mismatch) throw new Error(`The answer of ${operation} does not match its declared response: ${mismatch}`);
}

function parse<S extends ZodType>(schema: S, value: unknown, prefix: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = prefix + (issue.path.length ? issue.path.join('.') : '_');
    fields[key] ??= issue.message;
  }
  throw new AppError('VALIDATION_FAILED', undefined, { fields });
}

/** Sends a handler's reply: a streamed body chunk by chunk, anything else at once. */
async function deliver(req: NextApiRequest, res: ServerResponse, reply: Reply, requestId: string): Promise<void> {
  const headOnly = req.method === 'HEAD';
  if (!reply.stream) {
    send(res, reply.status, reply.body, reply.headers, headOnly, reply.raw);
    return;
  }
  const chunks = reply.stream[Symbol.asyncIterator]();
  if (headOnly) {
    await chunks.return?.();
    send(res, reply.status, undefined, reply.headers, true);
    return;
  }
  // Read before the status line is written: a failure here still reaches the pipeline's catch.
  let next = await chunks.next();
  for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
  res.statusCode = reply.status;
  try {
    while (!next.done) {
      if (res.destroyed) {
        await chunks.return?.();
        return;
      }
      if (!res.write(next.value)) await drainedOrClosed(res);
      next = await chunks.next();
    }
    res.end();
  } catch (err) {
    logger().error({ err, requestId, method: req.method, url: req.url }, 'API response stream failed after its first bytes');
    res.destroy();
  }
}

/** Waits until the client has taken what was written, or has gone away. */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

// Plain node response calls (not Next's `res.status()` helpers), so the handler also runs on a
// bare http.Server in tests (src/test/http.ts).
function send(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>, headOnly = false, raw?: Buffer): void {
  for (const [k, v] of Object.entries(headers ?? {})) res.setHeader(k, v);
  res.statusCode = status;
  if (raw) {
    res.setHeader('content-length', String(raw.length));
    res.end(headOnly ? undefined : raw);
    return;
  }
  if (body === undefined || status === 204) {
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(headOnly ? undefined : text);
}
