/**
 * A signed-in person talking to the server over HTTP/1.1: one keep-alive connection per client
 * (so N clients are N concurrent connections), the session cookie that signing in or up set, and
 * JSON in and out. An answer that never came (connection reset or refused, timeout) is
 * `status: undefined`, never an exception: the proofs record it as an unknown outcome.
 */
import http from 'node:http';

export interface Answer<T = Record<string, unknown>> {
  status: number | undefined;
  json: T | undefined;
  /** Why no answer came (ECONNRESET, ECONNREFUSED, timeout…). */
  error?: string;
  setCookie?: string[];
}

export class Client {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  cookie: string | undefined;

  constructor(
    public baseUrl: string,
    public timeoutMs = 30_000,
  ) {}

  request<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (this.cookie) headers.cookie = this.cookie;
    return new Promise((resolve) => {
      let settled = false;
      const done = (a: Answer<T>) => {
        if (!settled) {
          settled = true;
          resolve(a);
        }
      };
      const req = http.request(this.baseUrl + path, { method, headers, agent: this.agent, timeout: this.timeoutMs }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err) => done({ status: undefined, json: undefined, error: (err as NodeJS.ErrnoException).code ?? err.message }));
        res.on('end', () => {
          if (!res.complete) {
            done({ status: undefined, json: undefined, error: 'incomplete answer' });
            return;
          }
          const text = Buffer.concat(chunks).toString('utf8');
          let json: T | undefined;
          try {
            json = text ? (JSON.parse(text) as T) : undefined;
          } catch {
            json = undefined;
          }
          done({ status: res.statusCode, json, setCookie: res.headers['set-cookie'] });
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (err) => done({ status: undefined, json: undefined, error: (err as NodeJS.ErrnoException).code ?? err.message }));
      req.end(payload);
    });
  }

  /** Keeps the session cookie an answer set (sign-in, sign-up). */
  adoptCookie(answer: Answer<unknown>): void {
    const session = answer.setCookie?.map((c) => c.split(';')[0]!).find((c) => /^(__Host-)?chorus_session=./.test(c));
    if (session) this.cookie = session;
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Throws unless the answer is one of the expected statuses (set-up steps, which must work). */
export function expectStatus<T>(answer: Answer<T>, what: string, ...ok: number[]): T {
  if (answer.status === undefined || !ok.includes(answer.status)) {
    throw new Error(`${what}: expected ${ok.join('/')}, got ${answer.status ?? answer.error} ${JSON.stringify(answer.json)}`);
  }
  return answer.json as T;
}
