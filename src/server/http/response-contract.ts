/**
 * Every endpoint declares its success answer (`response` on endpoint(): a zod schema of the JSON
 * that goes on the wire, or `null` for 204 No Content). The OpenAPI document publishes it, and here
 * the pipeline holds each answer to it: in development and tests always, in production only when
 * CHORUS_CHECK_RESPONSES=1 (the end-to-end servers run so). An answer that does not match — a
 * missing field, a wrong type, or a field the schema does not name — is a 500 there, so the
 * document cannot drift from the code without a test failing.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ZodType } from 'zod';

/** Whether answers are checked in this process. */
export function checksResponses(): boolean {
  return process.env.NODE_ENV !== 'production' || process.env.CHORUS_CHECK_RESPONSES === '1';
}

interface SuccessReply {
  status: number;
  body?: unknown;
  raw?: Buffer;
  stream?: unknown;
}

/**
 * How a success answer differs from its declared schema, or undefined when it matches (or is not
 * a success, or not JSON: errors have their own shape, files and downloads their media type).
 */
export function responseMismatch(schema: ZodType | null | undefined, reply: SuccessReply): string | undefined {
  if (schema === undefined || reply.status < 200 || reply.status > 299 || reply.raw || reply.stream) return undefined;
  if (schema === null) {
    return reply.status === 204 && reply.body === undefined ? undefined : `declared no content (204), answered ${reply.status} with a body`;
  }
  if (reply.status === 204 || reply.body === undefined) return 'declared a JSON body, answered none';
  // What the client receives: dates as strings, undefined fields left out.
  const wire: unknown = JSON.parse(JSON.stringify(reply.body));
  const parsed = schema.safeParse(wire);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return `${issue.path.length ? issue.path.join('.') : '(the body)'}: ${issue.message}`;
  }
  // zod leaves out the fields an object schema does not name: anything left out is undocumented.
  if (!isDeepStrictEqual(parsed.data, wire)) return `${firstDifference(wire, parsed.data) ?? '(the body)'}: not in the declared schema`;
  return undefined;
}

/** The path of the first value that differs between what was sent and what the schema kept. */
function firstDifference(sent: unknown, kept: unknown, path = ''): string | undefined {
  if (isDeepStrictEqual(sent, kept)) return undefined;
  if (Array.isArray(sent) && Array.isArray(kept)) {
    for (let i = 0; i < sent.length; i++) {
      const d = firstDifference(sent[i], kept[i], `${path}${path ? '.' : ''}${i}`);
      if (d) return d;
    }
    return path || undefined;
  }
  if (sent && kept && typeof sent === 'object' && typeof kept === 'object') {
    const a = sent as Record<string, unknown>;
    const b = kept as Record<string, unknown>;
    for (const key of Object.keys(a)) {
      const at = `${path}${path ? '.' : ''}${key}`;
      if (!(key in b)) return at;
      const d = firstDifference(a[key], b[key], at);
      if (d) return d;
    }
  }
  return path || undefined;
}
