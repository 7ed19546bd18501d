// @ts-check
/**
 * The embedded database's own thread. PGlite runs every statement synchronously on the thread
 * that owns it; here that is this worker, so the server's main thread keeps answering (cached
 * pages, static files, other requests) while a query runs, and the second core does the
 * database's work.
 *
 * The main thread talks to it with node-postgres, the driver it uses for PostgreSQL, over a unix
 * socket that only this process's user can open (src/server/db/README.md, "The embedded database").
 * PGlite is one backend with one session, so this file multiplexes the pool's connections onto
 * it:
 *
 *  - A connection's messages are run as whole batches: everything up to and including a Sync
 *    (extended protocol), a simple Query, a Flush or a FunctionCall goes to PGlite in one
 *    synchronous call (`runRaw`). No other connection's message can come between a Parse and its
 *    Bind, whatever way the bytes arrived.
 *  - While a connection is inside a transaction (PGlite reports it after each batch), only that
 *    connection's batches run; the others wait in arrival order. A connection that closes inside
 *    its transaction has it rolled back.
 *  - Terminate closes the connection; it never reaches PGlite (it would end the one backend).
 *
 * It is plain JavaScript because a worker thread cannot load TypeScript through the loader the
 * server was started with. Messages from the main thread: `{ type: 'dump' }` (a gzipped tarball
 * of the data directory, for test templates), `{ type: 'gc' }` (collect garbage now),
 * `{ type: 'memory' }` (collect, then answer the heap in use: tests) and `{ type: 'close' }`.
 */
import { rmSync } from 'node:fs';
import net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const SYNC = 0x53;
const QUERY = 0x51;
const FLUSH = 0x48;
const FUNCTION_CALL = 0x46;
const TERMINATE = 0x58;
/** Longest stretch of batches run before the worker reads its sockets again. */
const SLICE_MS = 20;

/** A simple-protocol Query message. */
function simpleQuery(text) {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const msg = Buffer.alloc(5 + body.length);
  msg[0] = QUERY;
  msg.writeInt32BE(4 + body.length, 1);
  body.copy(msg, 5);
  return msg;
}

/**
 * Runs protocol messages and resolves to PGlite's raw answer (a copy). Through
 * `execProtocolRawStream` with a raw callback rather than `execProtocolRawSync`: that one also
 * parses every message of the answer into JavaScript objects and appends them to a list that only
 * PGlite's own query methods empty (PGlite 0.5), so every row cost the worker a parse and its
 * memory grew with every query (45,000 parsed messages after a minute of load). The work is done
 * synchronously, before this returns; the promise only carries the outcome.
 * @param {PGlite} db @param {Buffer} bytes @returns {Promise<Buffer>}
 */
function runRaw(db, bytes) {
  /** @type {Buffer[]} */
  const chunks = [];
  return db
    .execProtocolRawStream(bytes, { syncToFs: false, onRawData: (data) => void chunks.push(Buffer.from(data)) })
    .then(() => Buffer.concat(chunks));
}

/**
 * @typedef {{ socket: net.Socket, buffer: Buffer, started: boolean, pending: Buffer[], closed: boolean }} Conn
 * @typedef {{ conn: Conn, bytes: Buffer }} Batch
 */

/**
 * Serves PGlite's wire protocol to many connections at once (see above).
 * @param {PGlite} db
 */
export function createWireServer(db) {
  /** @type {Batch[]} */
  const queue = [];
  /** @type {Conn | null} the connection whose transaction is open */
  let owner = null;
  let scheduled = false;

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(drain);
  };

  /** @param {Conn} conn @param {Buffer} bytes */
  const enqueue = (conn, bytes) => {
    queue.push({ conn, bytes });
    schedule();
  };

  let draining = false;

  async function drain() {
    scheduled = false;
    if (draining) return;
    draining = true;
    const start = performance.now();
    try {
      for (;;) {
        const index = owner ? queue.findIndex((b) => b.conn === owner) : queue.length > 0 ? 0 : -1;
        if (index < 0) return;
        const [batch] = queue.splice(index, 1);
        if (!batch || batch.conn.closed) continue;
        let out;
        try {
          out = await runRaw(db, batch.bytes);
        } catch (err) {
          // PGlite failed outside the protocol (it answers SQL errors as ErrorResponse messages):
          // this connection cannot trust its state any more.
          console.error('embedded database: a request failed', err);
          batch.conn.socket.destroy();
          close(batch.conn);
          continue;
        }
        if (out.length > 0 && !batch.conn.closed) batch.conn.socket.write(out);
        owner = db.isInTransaction() ? batch.conn : null;
        if (performance.now() - start > SLICE_MS) return;
      }
    } finally {
      draining = false;
      if (queue.length > 0) schedule();
    }
  }

  /** @param {Conn} conn */
  function close(conn) {
    if (conn.closed) return;
    conn.closed = true;
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]?.conn === conn) queue.splice(i, 1);
    if (owner === conn) {
      owner = null;
      runRaw(db, simpleQuery('rollback')).catch((err) => console.error('embedded database: rolling back a closed connection failed', err));
    }
    schedule();
  }

  /** Cuts the connection's buffer into messages and queues every complete batch. @param {Conn} conn */
  function read(conn) {
    for (;;) {
      const b = conn.buffer;
      if (!conn.started) {
        if (b.length < 8) return;
        const length = b.readInt32BE(0);
        if (length < 8 || length > 10_000) return void conn.socket.destroy();
        if (b.length < length) return;
        const code = b.readInt32BE(4);
        const msg = b.subarray(0, length);
        conn.buffer = b.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          conn.socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST) return void conn.socket.destroy();
        conn.started = true;
        enqueue(conn, Buffer.from(msg));
        continue;
      }
      if (b.length < 5) return;
      const length = b.readInt32BE(1) + 1;
      if (length < 5) return void conn.socket.destroy();
      if (b.length < length) return;
      const type = b[0];
      const msg = b.subarray(0, length);
      conn.buffer = b.subarray(length);
      if (type === TERMINATE) {
        conn.socket.end();
        close(conn);
        return;
      }
      conn.pending.push(msg);
      if (type === SYNC || type === QUERY || type === FLUSH || type === FUNCTION_CALL) {
        enqueue(conn, Buffer.concat(conn.pending));
        conn.pending = [];
      }
    }
  }

  return net.createServer((socket) => {
    /** @type {Conn} */
    const conn = { socket, buffer: Buffer.alloc(0), started: false, pending: [], closed: false };
    socket.on('data', (chunk) => {
      conn.buffer = conn.buffer.length > 0 ? Buffer.concat([conn.buffer, chunk]) : chunk;
      read(conn);
    });
    socket.on('error', () => close(conn));
    socket.on('close', () => close(conn));
  });
}

async function main() {
  if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread');
  const port = parentPort;
  /** @type {{ dataDir?: string, loadDataDir?: ArrayBuffer, socketPath: string }} */
  const options = workerData;
  const db = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir ? new Blob([options.loadDataDir]) : undefined,
    extensions: { pg_trgm },
    // PGlite's default is 128 MB, all of it inside the process. At 10,000 posts, 64 MB keeps the
    // pages the lists and searches read (search 27 ms against 25 ms; 32 MB: 36 ms) for 74 MB less.
    // PGlite has no checkpointer: without a bound, finished WAL segments were kept up to 1 GB (the
    // upkeep's CHECKPOINT, src/server/db/maintenance.ts, trims them to this).
    postgresqlconf: ['shared_buffers=64MB', 'max_wal_size=64MB', 'min_wal_size=32MB'],
  });
  const server = createWireServer(db);
  rmSync(options.socketPath, { force: true });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.socketPath, () => resolve(undefined));
  });
  port.on('message', (message) => {
    if (message?.type === 'dump') {
      db.dumpDataDir('gzip')
        .then((blob) => blob.arrayBuffer())
        .then((data) => port.postMessage({ type: 'dump', data }, [data]))
        .catch((err) => port.postMessage({ type: 'dump', error: String(err) }));
    } else if (message?.type === 'gc' || message?.type === 'memory') {
      // After a burst of queries (src/server/idle-gc.ts); exposed here, not by a flag at start.
      v8.setFlagsFromString('--expose-gc');
      /** @type {() => void} */ (vm.runInNewContext('gc'))();
      if (message.type === 'memory') port.postMessage({ type: 'memory', data: { heapUsed: process.memoryUsage().heapUsed } });
    } else if (message?.type === 'close') {
      server.close();
      db.close()
        .catch((err) => console.error('embedded database: closing failed', err))
        .finally(() => {
          rmSync(options.socketPath, { force: true });
          port.postMessage({ type: 'closed' });
          port.close();
        });
    }
  });
  port.postMessage({ type: 'ready' });
}

if (parentPort) await main();
