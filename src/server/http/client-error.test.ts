/**
 * Requests Node's parser refuses, sent over a real socket to a plain http.Server with the same
 * `clientError` listener as the server entry (src/server/main.ts).
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientError } from './client-error';

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((_req, res) => res.end('reached the handler'));
  server.on('clientError', (err: Error, socket) => answerClientError(err, socket, 'req-client-error-test'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Sends raw bytes and reads the whole answer (the server closes the connection). */
function rawRequest(bytes: string): Promise<{ head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(Buffer.from(bytes, 'latin1')));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const at = text.indexOf('\r\n\r\n');
      resolve({ head: text.slice(0, at), body: text.slice(at + 4) });
    });
  });
}

const longQuery = 'a'.repeat(http.maxHeaderSize + 100);

describe('clientError: refused requests', () => {
  it('answers a too-long /api URL with JSON in the catalogue shape', async () => {
    const { head, body } = await rawRequest(`GET /api/v1/posts?q=${longQuery} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body)).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String), requestId: 'req-client-error-test' },
    });
  });

  it('answers HEAD without a body (found by the API fuzzer)', async () => {
    const { head, body } = await rawRequest(`HEAD /api/v1/posts?q=${longQuery} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head).toMatch(/content-length: [1-9]/i);
    expect(body).toBe('');
  });

  it('answers too-long headers on an /api path the same way', async () => {
    const { head, body } = await rawRequest(`POST /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${longQuery}\r\n\r\n`);
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(body).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers JSON when the long head comes in many segments, as over a network (found by the API fuzzer)', async () => {
    // Node reports only the last segment, which does not hold the request line.
    const head = `GET /api/v1/posts?q=${longQuery} HTTP/1.1\r\nHost: x\r\n\r\n`;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', async () => {
        for (let i = 0; i < head.length && !socket.destroyed; i += 1400) {
          socket.write(head.slice(i, i + 1400));
          await new Promise((r) => setTimeout(r, 2));
        }
      });
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('leaves pages to Node’s own answers', async () => {
    expect((await rawRequest(`GET /b/ideas?q=${longQuery} HTTP/1.1\r\nHost: x\r\n\r\n`)).head).toMatch(/^HTTP\/1\.1 431 /);
    expect((await rawRequest('GET /api/health HTTP/1.1\r\nHost: x\r\nUser-Agent: a\u0000b\r\n\r\n')).head).toMatch(/^HTTP\/1\.1 400 /);
  });
});
