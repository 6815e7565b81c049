/** The order id in a pasted receipt link (`/status?order_id=…`), or the id itself. */
export function orderIdOf(input: string): string | null {
  const text = input.trim();
  if (text === '') return null;
  try {
    const fromLink = new URL(text).searchParams.get('order_id');
    if (fromLink) return fromLink;
  } catch {
    // not a link: the id itself
  }
  return /^[a-z0-9_-]{3,64}$/i.test(text) ? text : null;
}
