import crypto from 'node:crypto';
import type { ProviderName } from '../modules/payments/payment-provider.ts';

/**
 * Content-Security-Policy for the web app's pages. No inline script runs unless its exact
 * content was in our build (sha256 hashes read from the built HTML), and a payment provider's
 * hosts are allowed only on the pages that pay.
 */

/** The hosts each provider's checkout needs (integrations.md §A.6 and §B). */
const PROVIDER_SOURCES: Record<
  ProviderName,
  { script: string[]; frame: string[]; connect: string[] }
> = {
  sandbox: { script: [], frame: [], connect: [] },
  cashfree: {
    script: ['https://sdk.cashfree.com'],
    frame: [
      'https://sdk.cashfree.com',
      'https://api.cashfree.com',
      'https://sandbox.cashfree.com',
      'https://payments.cashfree.com',
      'https://payments-test.cashfree.com',
    ],
    connect: ['https://api.cashfree.com', 'https://sandbox.cashfree.com'],
  },
  razorpay: {
    script: ['https://checkout.razorpay.com'],
    frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
    connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  },
};

/** sha256 sources for every inline <script> in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.add(`'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`);
  }
  return [...hashes];
}

export function pageContentSecurityPolicy(options: {
  scriptHashes: string[];
  /** The configured provider when this page may take a payment. */
  payingWith: ProviderName | null;
}): string {
  const provider = PROVIDER_SOURCES[options.payingWith ?? 'sandbox'];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...options.scriptHashes, ...provider.script],
    // React sets style attributes (brand colours) and toasts inject styles; scripts stay strict.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...provider.connect],
    'frame-src': ["'self'", ...provider.frame],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The sandbox checkout is shown in our own donation page's modal, and by no one else. */
export const SANDBOX_CHECKOUT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'self'; base-uri 'none'; form-action 'self'; object-src 'none'";
