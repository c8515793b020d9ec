// The one conversion of the repository's version 1 training shards to chained version 2
// (src/tune/shard-convert.ts): `node scripts/convert-shards.mjs data/train/armenian
// data/train/turkish` after `npx tsc -p tsconfig.build.json`. Each folder's shards are
// replaced in place once all of them are converted and read back identical.
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import { convertShardFolder } from '../dist/src/tune/shard-convert.js';

const command = ['node scripts/convert-shards.mjs', ...process.argv.slice(2)].join(' ');
for (const dir of process.argv.slice(2)) {
  const variant = basename(dir);
  if (variant !== 'armenian' && variant !== 'turkish') {
    console.error(`error: ${dir}: a shard folder is named for its variant (armenian, turkish)`);
    process.exit(2);
  }
  const started = performance.now();
  const done = await convertShardFolder(dir, variant, command, ({ from, manifest: m }) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    console.error(`${dir}/${from}: ${m.positions} positions, ${m.links} links, ${m.bytes} bytes (${(m.bytes / m.positions).toFixed(2)} a position), ${seconds} s`); // prettier-ignore
  });
  if (!done.ok) {
    console.error(`error: ${done.error.message}`);
    process.exit(1);
  }
  const positions = done.value.reduce((sum, { manifest }) => sum + manifest.positions, 0);
  const bytes = done.value.reduce((sum, { manifest }) => sum + manifest.bytes, 0);
  console.error(`${dir}: ${done.value.length} shards, ${positions} positions, ${bytes} bytes, ${(bytes / Math.max(1, positions)).toFixed(3)} bytes a position`); // prettier-ignore
}
