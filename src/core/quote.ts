/**
 * Quoting input in error messages, in one place: an error says what was wrong in one short
 * line, however long the input was (a 100 KB line is quoted by its first 200 characters
 * and its size), and a list of moves or names is cut after its first few items.
 */

/** The most characters of input an error quotes. */
export const QUOTE_CHARS = 200;
/** The most items of a list an error names. */
export const LIST_ITEMS = 12;

/**
 * `text` in single quotes; past QUOTE_CHARS, its first characters then `... (N bytes)`.
 * Line breaks and other control characters are shown as spaces: the quote stays one line.
 */
export function quote(text: string, limit: number = QUOTE_CHARS): string {
  const shown = text.length > limit ? text.slice(0, limit) : text;
  // eslint-disable-next-line no-control-regex
  const flat = shown.replace(/[\u0000-\u001f\u007f]/g, ' ');
  if (text.length <= limit) return `'${flat}'`;
  // The page runs core too: no Buffer here.
  const bytes = String(new TextEncoder().encode(text).length).replace(/\B(?=(\d{3})+(?!\d))/g, ','); // prettier-ignore
  return `'${flat}...' (${bytes} bytes)`;
}

/**
 * A whole number as the input gave it (its digits, never a float's rounding such as
 * `1e+23`); past QUOTE_CHARS digits, the first of them then `... (N digits)`.
 */
export function numberAsGiven(digits: string, limit: number = QUOTE_CHARS): string {
  return digits.length <= limit ? digits : `${digits.slice(0, limit)}... (${digits.length} digits)`;
}

/** The items joined by `, `; past `limit` of them, `, ... (N more)` instead of the rest. */
export function listCapped(items: readonly string[], limit: number = LIST_ITEMS): string {
  if (items.length <= limit) return items.join(', ');
  return `${items.slice(0, limit).join(', ')}, ... (${items.length - limit} more)`;
}
