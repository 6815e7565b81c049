/** Amounts travel and rest as integer paise; rupees exist only on screen (DESIGN.md, Storage). */

const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const rupeesAndPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Formats paise the Indian way: 10000000 → "₹1,00,000", 5150 → "₹51.50". */
export function formatRupees(amountPaise: number): string {
  const formatter = amountPaise % 100 === 0 ? wholeRupees : rupeesAndPaise;
  return formatter.format(amountPaise / 100);
}

/** Converts a rupee amount with at most two decimals to integer paise without float drift. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Converts integer paise to rupees (for the few contracts that speak rupees). */
export function paiseToRupees(amountPaise: number): number {
  return amountPaise / 100;
}
