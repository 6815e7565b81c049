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
  const fraction = paise % 100;
  const sign = amountPaise < 0 && paise !== 0 ? '-' : '';
  const rupees = groupTheIndianWay(String(Math.floor(paise / 100)));
  return `${sign}₹${rupees}${fraction === 0 ? '' : `.${String(fraction).padStart(2, '0')}`}`;
}

/** "12345678" → "1,23,45,678": the last three digits, then pairs. */
function groupTheIndianWay(digits: string): string {
  if (digits.length <= 3) return digits;
  const pairs = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${digits.slice(-3)}`;
}

/** Converts a rupee amount with at most two decimals to integer paise without float drift. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Converts integer paise to rupees (for the few contracts that speak rupees). */
export function paiseToRupees(amountPaise: number): number {
  return amountPaise / 100;
}
