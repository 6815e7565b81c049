/** Joins class names, skipping falsy entries, so variants can be toggled inline. */
export function cn(...classNames: Array<string | false | null | undefined>): string {
  return classNames.filter(Boolean).join(' ');
}
