/** What a parser returns instead of throwing: a value, or an error with a stable code. */
export type Result<T, Code extends string = string> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: ParseError<Code> };

export interface ParseError<Code extends string = string> {
  readonly code: Code;
  readonly message: string;
}

export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

export function fail<Code extends string>(
  code: Code,
  message: string,
): { readonly ok: false; readonly error: ParseError<Code> } {
  return { ok: false, error: { code, message } };
}
