// Gzip for a kept page whose only per-response bytes are its CSP nonce: the fixed pieces between the
// nonces are compressed once, and each response's gzip stream is put together from them and the
// nonce, without compressing the page again (a 130 KB page costs ~10 ms to gzip and several times
// that in brotli; putting the pieces together costs a checksum).
//
// How: a deflate stream is a sequence of blocks. Each piece is compressed on its own and ended with a
// sync flush (non-final blocks, ending on a byte boundary, referring to nothing before the piece),
// the nonce goes in as a "stored" (uncompressed) block, and an empty final block closes the stream.
// The gzip wrapper around it needs the CRC-32 and length of the whole uncompressed page.
import zlib from 'node:zlib';

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** An empty block with BFINAL set (fixed Huffman, just the end-of-block code). */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/** A non-final stored deflate block holding `bytes` (at most 65535), starting on a byte boundary. */
function storedBlock(bytes) {
  const header = Buffer.alloc(5);
  header[0] = 0x00; // BFINAL 0, BTYPE 00 (stored), padding to the byte boundary
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

/** The fixed pieces, each compressed once; keep the result with the page. */
export function compressPieces(pieces) {
  return pieces.map((piece) => ({
    raw: piece,
    deflated: zlib.deflateRawSync(piece, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  }));
}

/** One response's gzip body: the compressed pieces with `nonce` between each two. */
export function gzipWithNonce(compressed, nonce) {
  const nonceBytes = Buffer.from(nonce);
  const nonceBlock = storedBlock(nonceBytes);
  const chunks = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  compressed.forEach(({ raw, deflated }, i) => {
    if (i > 0) {
      chunks.push(nonceBlock);
      crc = zlib.crc32(nonceBytes, crc);
      size += nonceBytes.length;
    }
    chunks.push(deflated);
    // Skipped when empty: Node's crc32 answers 0 for some empty views instead of the running value.
    if (raw.length > 0) crc = zlib.crc32(raw, crc);
    size += raw.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(chunks);
}
