/**
 * A kept answer as bytes around what differs per response (its CSP nonce; on a shared render, the
 * person's payload too). A response copies the parts with its own bytes between them; nothing is
 * encoded, searched or compressed again per response.
 *
 * Compressed once: on the first response that takes gzip, each part is deflated on its own and
 * kept. A response's gzip (RFC 1952, one member) is those deflated parts with its own bytes
 * between them as stored blocks (RFC 1951 §3.2.4): every part's deflate output ends on a byte
 * boundary with a sync flush and no final block, so they follow one another as one stream, closed
 * by an empty final stored block. The checksum of the whole is combined from each part's CRC-32
 * and length (`crc32Combine`) without reading the parts again.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

interface Compressed {
  /** Each part deflated alone, ending with a sync flush (no final block). */
  deflated: Buffer[];
  crcs: number[];
  /** For each part, the operator that moves a CRC past its length (`shiftOperator`). */
  shifts: number[];
}

/** The bytes around a response's own: `fill(i)` goes between `parts[i]` and `parts[i + 1]`. */
export class FilledBody {
  readonly bytes: number;
  private compressed?: Compressed;

  constructor(readonly parts: readonly Buffer[]) {
    this.bytes = parts.reduce((n, p) => n + p.length, 0);
  }

  /** What keeping it costs: its bytes, and for the compressed form made on first need about a quarter more (HTML at level 1). */
  get keptBytes(): number {
    return Math.ceil(this.bytes * 1.25);
  }

  /** The body with `fills[i]` after `parts[i]` (one fewer fill than parts). */
  join(fills: readonly Buffer[]): Buffer {
    this.checkFills(fills);
    return Buffer.concat(this.parts.flatMap((part, i) => (i < fills.length ? [part, fills[i]!] : [part])));
  }

  /** The same body, gzipped. */
  gzip(fills: readonly Buffer[]): Buffer {
    this.checkFills(fills);
    const c = (this.compressed ??= compress(this.parts));
    const pieces: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    let size = 0;
    for (const [i, part] of this.parts.entries()) {
      pieces.push(c.deflated[i]!);
      crc = (multiply(c.shifts[i]!, crc) ^ c.crcs[i]!) >>> 0;
      size += part.length;
      const fill = fills[i];
      if (fill && fill.length > 0) {
        pieces.push(...storedBlocks(fill));
        crc = crc32(fill, crc);
        size += fill.length;
      }
    }
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(size % 2 ** 32, 4);
    pieces.push(FINAL_EMPTY_BLOCK, trailer);
    return Buffer.concat(pieces);
  }

  private checkFills(fills: readonly Buffer[]): void {
    if (fills.length !== this.parts.length - 1)
      throw new Error(`a body of ${this.parts.length} parts takes ${this.parts.length - 1} fills, not ${fills.length}`);
  }
}

/** `body` cut at every occurrence of `mark` (left out): the parts between which each response puts its own. */
export function cutAt(body: Buffer, mark: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(mark); at >= 0; at = body.indexOf(mark, from)) {
    parts.push(body.subarray(from, at));
    from = at + mark.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/** ID1 ID2, deflate, no flags, no time, no extra flags, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final stored block of no bytes: BFINAL 1, BTYPE 00, then LEN 0 and its complement. */
const FINAL_EMPTY_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
const STORED_MAX = 0xffff;

/** `bytes` as stored (uncompressed) blocks, not final, starting on a byte boundary. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += STORED_MAX) {
    const chunk = bytes.subarray(at, at + STORED_MAX);
    const header = Buffer.alloc(5);
    header[0] = 0; // BFINAL 0, BTYPE 00, padding to the byte boundary
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

function compress(parts: readonly Buffer[]): Compressed {
  return {
    // Level 1, as a page compressed per response was: a copy may be made again after each vote.
    deflated: parts.map((p) => deflateRawSync(p, { level: 1, finishFlush: constants.Z_SYNC_FLUSH })),
    crcs: parts.map((p) => crc32(p)),
    shifts: parts.map((p) => shiftOperator(p.length)),
  };
}

/*
 * CRC-32 arithmetic. A CRC is a polynomial over GF(2) of degree below 32, held reflected: bit 31
 * is the coefficient of x^0. The CRC of A followed by B is the CRC of A times x^(8·|B|), modulo the
 * CRC polynomial, plus the CRC of B (the pre- and post-conditioning cancel out). These helpers
 * multiply such polynomials and raise x to a power, so a response's checksum costs a few hundred
 * bit operations per part instead of a pass over the page.
 */
const POLYNOMIAL = 0xedb88320;

/** a · b modulo the CRC polynomial (both reflected). */
function multiply(a: number, b: number): number {
  let product = 0;
  let factor = b >>> 0;
  // Walk a's coefficients from x^0 (bit 31) upwards, multiplying `factor` by x at each step.
  for (let bit = 31; bit >= 0; bit--) {
    if ((a >>> bit) & 1) product ^= factor;
    factor = factor & 1 ? (factor >>> 1) ^ POLYNOMIAL : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…63: squaring the previous one. */
const X_TO_TWO_TO_THE: number[] = (() => {
  const table: number[] = [];
  let p = 1 << 30; // x^1
  for (let k = 0; k < 64; k++) {
    table.push(p >>> 0);
    p = multiply(p, p);
  }
  return table;
})();

/** x^(8·length) modulo the polynomial: what moves a CRC past `length` bytes. */
export function shiftOperator(length: number): number {
  let result = 0x80000000; // x^0
  let bits = length * 8;
  for (let k = 0; bits > 0; k++, bits = Math.floor(bits / 2)) if (bits % 2 === 1) result = multiply(X_TO_TWO_TO_THE[k]!, result);
  return result >>> 0;
}

/** The CRC-32 of A then B, from A's CRC, B's CRC and B's length. */
export const crc32Combine = (crcA: number, crcB: number, lengthB: number): number => (multiply(shiftOperator(lengthB), crcA) ^ crcB) >>> 0;
