import type { PublicStreamer } from '@shabaash/core';

import type { CheckoutDetails } from './checkout.types';

/** The parts of a validated order request a checkout may show or prefill. */
export type CheckoutOrderFields = {
  name: string;
  amount_paise: number;
  phone: string;
  anonymous?: boolean | undefined;
};

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * What the streamer's page tells the provider's checkout about one tip: the amount, the
 * streamer's name and colour, and the fan's mobile number (and name, unless the tip is
 * anonymous: the name typed is never sent anywhere then).
 */
export function checkoutDetailsFor(
  streamer: Pick<PublicStreamer, 'name' | 'brand_color'>,
  order: CheckoutOrderFields,
): CheckoutDetails {
  const name = order.name.trim();
  return {
    amountPaise: order.amount_paise,
    payeeName: streamer.name,
    ...(HEX_COLOUR.test(streamer.brand_color) ? { brandColor: streamer.brand_color } : {}),
    prefill: {
      ...(order.anonymous || name === '' ? {} : { name }),
      phone: order.phone,
    },
  };
}
