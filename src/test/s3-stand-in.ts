/**
 * A small S3-compatible server on 127.0.0.1 for tests: PUT, GET and DELETE of objects in one
 * bucket, path-style (`/<bucket>/<key>`), kept in memory. Every request must be signed with AWS
 * Signature Version 4 for the configured keys — the signature is recomputed here, independently
 * of the client — and the payload hash must match the body; anything else is 403, as S3 answers.
 */
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3StandIn {
  endpoint: string;
  objects: Map<string, Buffer>;
  /** Requests refused for their signature. */
  refused: number;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function verify(req: http.IncomingMessage, body: Buffer, keys: { accessKeyId: string; secretAccessKey: string; region: string }): boolean {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ''),
    );
  if (!auth) return false;
  const [, keyId, day, region, signedHeaders, signature] = auth;
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (keyId !== keys.accessKeyId || region !== keys.region || !amzDate.startsWith(day!)) return false;
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return false;
  const names = signedHeaders!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return false;
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = names
    .map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [req.method, url.pathname, query, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, day!), region!), 's3'), 'aws4_request');
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex') === signature;
}

export async function startS3StandIn(config: {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  bucket: string;
}): Promise<S3StandIn> {
  const objects = new Map<string, Buffer>();
  const state = { refused: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const xml = (status: number, code: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
      };
      if (!verify(req, body, config)) {
        state.refused++;
        return xml(403, 'SignatureDoesNotMatch');
      }
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://stand-in').pathname);
      const prefix = `/${config.bucket}/`;
      if (!path.startsWith(prefix)) return xml(404, 'NoSuchBucket');
      const key = path.slice(prefix.length);
      if (req.method === 'PUT') {
        objects.set(key, body);
        res.writeHead(200, { etag: `"${sha256(body).slice(0, 32)}"` });
        return res.end();
      }
      if (req.method === 'GET') {
        const found = objects.get(key);
        if (!found) return xml(404, 'NoSuchKey');
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(found.length) });
        return res.end(found);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      return xml(405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    get refused() {
      return state.refused;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
