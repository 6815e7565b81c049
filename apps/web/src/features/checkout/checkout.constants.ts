/** Words of the checkout modal and the sandbox notice. */
export const CHECKOUT_TEXT = {
  sandboxModalTitle: 'Sandbox UPI checkout',
  sandboxIframeTitle: 'Sandbox UPI checkout',
  closeCheckout: 'Close checkout',
  sandboxRibbon: 'Sandbox — no real money',
  sandboxRibbonDetail: 'Payments here are simulated for testing.',
} as const;
