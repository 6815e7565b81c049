/**
 * The shared order schema, in a module of its own so the donation page can load it (and zod
 * with it) only once the fan presses Donate: see `loadOrderRequestSchema` in
 * use-donation-payment.ts. The form's own checks cover everything before that.
 */
export { orderRequestSchema } from '@shabaash/core';
