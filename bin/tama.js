#!/usr/bin/env node
// The command runs the build in dist/; on an unsupported Node.js, or before the first build,
// it says what to do instead.
import { existsSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { unsupportedNodeLine } from './supported-node.js';

const built = new URL('../dist/src/cli.js', import.meta.url);
const unsupported = unsupportedNodeLine(process.versions.node);
if (unsupported !== undefined) {
  process.stderr.write(`${unsupported}\n`);
  process.exitCode = 1;
} else if (existsSync(built)) await import(built.href);
else {
  const folder = fileURLToPath(new URL('..', import.meta.url));
  process.stderr.write(
    `tama is not built yet: run 'npm run build' in ${folder} (a minute or two; 'npm start' and 'npm test' build first too)\n`,
  );
  process.exitCode = 1;
}
