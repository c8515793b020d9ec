/**
 * CRC-32 (the IEEE polynomial, as zlib's crc32), for the browser, which has no zlib: the
 * endgame tables' checksum (egdb/table-bytes.ts).
 */

/** The remainder of each byte value, one table for all calls. */
const REMAINDERS = new Int32Array(256);
for (let byte = 0; byte < 256; byte++) {
  let crc = byte;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  REMAINDERS[byte] = crc;
}

/** The CRC-32 of `data`, as an unsigned 32-bit number. */
export function crc32(data: Uint8Array): number {
  let crc = -1;
  for (let i = 0; i < data.length; i++) crc = REMAINDERS[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}
