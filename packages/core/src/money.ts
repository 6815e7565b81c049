/** Amounts travel and rest as integer paise; rupees exist only on screen (DESIGN.md, Storage). */

/**
 * Formats paise the Indian way: 10000000 → "₹1,00,000", 5150 → "₹51.50" (what
 * `Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })` prints, which the tests
 * check it against). Written out because a page's first Intl number format loads the locale
 * data on the main thread: 20–60 ms here, four times that on a slow phone, and the largest
 * single task when the home page or a donation page starts.
 */
export function formatRupees(amountPaise: number): string {
  const paise = Math.round(Math.abs(amountPaise));
  const sign = amountPaise < 0 && paise > 0 ? '-' : '';
  // A comma after each digit that has an even number of digits, then three, to its right.
  const rupees = String(Math.floor(paise / 100)).replace(/(\d)(?=(\d\d)*\d{3}$)/g, '$1,');
  const fraction = paise % 100 > 0 ? `.${String(paise % 100).padStart(2, '0')}` : '';
  return `${sign}₹${rupees}${fraction}`;
}

/** Converts a rupee amount with at most two decimals to integer paise without float drift. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Converts integer paise to rupees (for the few contracts that speak rupees). */
export function paiseToRupees(amountPaise: number): number {
  return amountPaise / 100;
}
