/**
 * The `tama` command. With no arguments it speaks the text protocol on stdin/stdout, started
 * without loading the command-line parser so that a GUI's handshake is answered quickly;
 * anything else goes to the command line (commands/program.ts). Wiring only.
 */
if (process.argv.length <= 2) {
  (await import('./protocol/stdio.js')).runProtocolLoop();
} else {
  await (await import('./commands/program.js')).runCommandLine(process.argv);
}

export {};
