#!/usr/bin/env node
// The command runs the build in dist/; before the first build, say how to make it.
import { existsSync } from 'node:fs';
import { URL } from 'node:url';

const built = new URL('../dist/src/cli.js', import.meta.url);
if (existsSync(built)) await import(built.href);
else {
  process.stderr.write("tama is not built yet: run 'npm ci' (or 'npm run build') in its folder\n");
  process.exitCode = 1;
}
