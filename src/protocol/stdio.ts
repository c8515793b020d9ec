/** Runs the text protocol on stdin/stdout. */
export function runProtocolLoop(): void {
  process.stdout.write('Tama protocol loop is not built yet\n');
}
