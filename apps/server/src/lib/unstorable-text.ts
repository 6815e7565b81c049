/** Half of a surrogate pair (matched by UTF-16 unit, hence no `u` flag). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a parsed request part holds text PostgreSQL cannot store, in any string, key or value:
 * a NUL (text cannot hold U+0000) or half of a surrogate pair (jsonb refuses it). Neither is ever
 * part of real input, and both reach us escaped in JSON (`\u0000`, `\ud800`), so they are refused
 * up front instead of failing in the database as a 500. Walked with a list rather than recursion:
 * a deeply nested body must not overflow the stack.
 */
export function containsUnstorableText(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (isUnstorable(value)) return true;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (isUnstorable(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

function isUnstorable(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}
