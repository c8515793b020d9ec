/**
 * The protocol's input cut into lines, bounded: a line ends at `\n`, `\r\n` or `\r` (as
 * Node's readline cuts them), and a line longer than MAX_LINE_BYTES is never held: its
 * first bytes are kept to name it, the rest are counted and dropped up to its end, and it
 * is handed on as one over-long line instead of a command. The longest real line, a game's
 * moves, is some kilobytes.
 */

/** The most bytes of one input line. */
export const MAX_LINE_BYTES = 1 << 20;

/** Bytes of an over-long line kept to quote it (more than a quote shows). */
const KEPT_BYTES = 1024;

const LF = 0x0a;
const CR = 0x0d;

/** What the splitter hands on: each line, and each over-long line's start and size. */
export interface LineSink {
  line(text: string): void;
  overLong(start: string, bytes: number): void;
}

/** Cuts chunks of input into lines for a sink (see above). */
export class LineSplitter {
  private parts: Buffer[] = [];
  private held = 0;
  /** Bytes of the over-long line being dropped (0: none). */
  private dropped = 0;
  private start: Buffer = Buffer.alloc(0);
  /** The last chunk ended with `\r`: a `\n` first in the next one ends no other line. */
  private afterCr = false;

  constructor(private readonly sink: LineSink) {}

  /** The next bytes of input. */
  push(chunk: Buffer): void {
    let from = 0;
    if (this.afterCr && chunk.length > 0) {
      if (chunk[0] === LF) from = 1;
      this.afterCr = false;
    }
    let nextLf = chunk.indexOf(LF, from);
    let nextCr = chunk.indexOf(CR, from);
    while (nextLf !== -1 || nextCr !== -1) {
      let at = nextCr === -1 || (nextLf !== -1 && nextLf < nextCr) ? nextLf : nextCr;
      this.take(chunk.subarray(from, at));
      this.endLine();
      if (at === nextCr) {
        if (at + 1 === chunk.length) this.afterCr = true;
        else if (chunk[at + 1] === LF) at++;
      }
      from = at + 1;
      if (nextLf !== -1 && nextLf < from) nextLf = chunk.indexOf(LF, from);
      if (nextCr !== -1 && nextCr < from) nextCr = chunk.indexOf(CR, from);
    }
    this.take(chunk.subarray(from));
  }

  /** The end of input: a last line without its line break is still a line. */
  end(): void {
    if (this.held > 0 || this.dropped > 0) this.endLine();
  }

  private take(bytes: Buffer): void {
    if (bytes.length === 0) return;
    if (this.dropped > 0) {
      this.dropped += bytes.length;
      return;
    }
    if (this.held + bytes.length <= MAX_LINE_BYTES) {
      // A copy: a view would keep the whole chunk it came in.
      this.parts.push(Buffer.from(bytes));
      this.held += bytes.length;
      return;
    }
    this.start = Buffer.concat([...this.parts, bytes.subarray(0, KEPT_BYTES)]).subarray(0, KEPT_BYTES); // prettier-ignore
    this.dropped = this.held + bytes.length;
    this.parts = [];
    this.held = 0;
  }

  private endLine(): void {
    if (this.dropped > 0) {
      this.sink.overLong(this.start.toString('utf8'), this.dropped);
      this.dropped = 0;
      this.start = Buffer.alloc(0);
    } else this.sink.line(Buffer.concat(this.parts, this.held).toString('utf8'));
    this.parts = [];
    this.held = 0;
  }
}
