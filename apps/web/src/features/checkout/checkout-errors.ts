/**
 * The public profile lacks something a provider's checkout needs (Razorpay's public key):
 * nothing can be paid until the deployment is configured, so trying again does not help.
 */
export class CheckoutConfigError extends Error {
  override readonly name = 'CheckoutConfigError';
}
