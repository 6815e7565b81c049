import { formatRupees } from '@shabaash/core';

import { ADMIN_TEXT } from './admin-console.constants';

const MAX_TEXT = 160;

function shorten(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/** `min_amount_paise` → "min amount": the field's name as a person reads it. */
function labelOf(key: string): string {
  return key.replace(/_paise$/, '').replaceAll('_', ' ');
}

/** One value as words: amounts in rupees, switches as On/Off, lists comma-separated. */
function scalarText(value: unknown, key: string): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? ADMIN_TEXT.on : ADMIN_TEXT.off;
  if (typeof value === 'number')
    return key.endsWith('_paise') ? formatRupees(value) : String(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((item) => scalarText(item, key)).join(', ');
  return Object.entries(value)
    .map(([innerKey, inner]) => `${labelOf(innerKey)} ${scalarText(inner, innerKey)}`)
    .join(', ');
}

/**
 * An audit entry's old or new value as lines a person reads (issue 32: not raw JSON): one
 * "label: value" line per key of an object, else one line; each line at most 160 characters.
 * `field` names the changed setting, so `min_amount_paise: 5000` reads "₹50".
 */
export function auditValueLines(value: unknown, field: string): string[] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return ['—'];
    return entries.map(([key, inner]) => shorten(`${labelOf(key)}: ${scalarText(inner, key)}`));
  }
  return [shorten(scalarText(value, field))];
}
