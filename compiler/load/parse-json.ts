/**
 * compiler/load: JSON.parse that reports where a syntax error is, as `line L, column C`.
 * parseJson('{"a":}') -> { ok: false, message: 'invalid JSON at line 1, column 6: Unexpected token ...' }
 */

export type ParseResult = { ok: true; value: unknown } | { ok: false; message: string };

export function parseJson(text: string): ParseResult {
  try {
    return { ok: true, value: JSON.parse(text.replace(/^\uFEFF/, '')) };
  } catch (err) {
    const message = (err as Error).message;
    const at = /at position (\d+)/.exec(message);
    const pos = at ? Number(at[1]) : text.length;
    const { line, column } = lineAndColumn(text, pos);
    const reason = message.replace(/\s*in JSON at position \d+.*$/s, '').replace(/\s*\(line \d+ column \d+\)$/, '');
    return { ok: false, message: `invalid JSON at line ${line}, column ${column}: ${reason}` };
  }
}

export function lineAndColumn(text: string, pos: number): { line: number; column: number } {
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  const column = pos - (before.lastIndexOf('\n') + 1) + 1;
  return { line, column };
}
