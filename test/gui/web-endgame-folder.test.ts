/**
 * The browser's `EGDB Path` (src/engine/web/endgame-folder.ts), run in Node on the static
 * build's table files: registered files load as a folder with the values Node's loader
 * gives, a damaged one is refused with the file named, a folder or variant without files
 * is refused; the browser's CRC-32 is zlib's.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { loadTables } from '../../src/egdb/load.js';
import { crc32 } from '../../src/engine/web/crc32.js';
import { loadEndgameFolder, registerEndgameFile } from '../../src/engine/web/endgame-folder.js';

const WEB = fileURLToPath(new URL('../../dist/web/', import.meta.url));
const LIST = JSON.parse(readFileSync(`${WEB}egdb/tables.json`, 'utf8')) as { files: { path: string }[] }; // prettier-ignore
const POSITIONS = ['W:WKa1,Kh8:BKd5', 'W:Wb2,e2:Bb6', 'B:WKc3:Bd5,e6', 'W:Wc3:BKf6,Kb8'];

describe('endgame tables in the browser build', () => {
  it('computes the CRC-32 zlib computes', () => {
    const bytes = readFileSync(`${WEB}${LIST.files[0].path}`);
    expect(crc32(bytes)).toBe(zlibCrc32(bytes));
    expect(crc32(new Uint8Array(0))).toBe(0);
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('refuses a folder before any file is registered', () => {
    const loaded = loadEndgameFolder('egdb', 'armenian');
    expect(loaded.ok || loaded.error.message).toMatch(/^EGDB Path: no folder egdb/);
  });

  it('loads registered files as Node loads the folder', () => {
    for (const file of LIST.files) registerEndgameFile(file.path, readFileSync(`${WEB}${file.path}`)); // prettier-ignore
    for (const variant of ['armenian', 'turkish'] as const) {
      const node = loadTables(`${WEB}egdb`, variant).tables;
      for (const path of ['egdb', './egdb/']) {
        const loaded = loadEndgameFolder(path, variant);
        if (!loaded.ok) throw new Error(loaded.error.message);
        expect(loaded.value.maxPieces).toBe(3);
        expect(loaded.value.tables).toHaveLength(16);
        for (const fen of POSITIONS) {
          const state = Position.parse(fen, variant);
          if (!state.ok) throw new Error(state.error.message);
          expect(loaded.value.probe(state.value.state)).toBe(node.probe(state.value.state));
        }
      }
    }
    const other = loadEndgameFolder('tables', 'armenian');
    expect(other.ok || other.error.message).toMatch(/^EGDB Path: no folder tables/);
  });

  it('refuses a damaged file, naming it, and a variant without files', () => {
    const path = 'damaged/armenian/KvK.egdb';
    const bytes = Uint8Array.from(readFileSync(`${WEB}egdb/armenian/KvK.egdb`));
    bytes[bytes.length - 1] ^= 1;
    registerEndgameFile(path, bytes);
    const loaded = loadEndgameFolder('damaged', 'armenian');
    expect(loaded.ok || loaded.error).toEqual({ code: 'egdb-damaged', message: `EGDB Path: ${path} fails its checksum (damaged file)` }); // prettier-ignore
    const turkish = loadEndgameFolder('damaged', 'turkish');
    expect(turkish.ok || turkish.error.code).toBe('egdb-empty');
  });
});
