import type { BillProduct } from '../../db/schema.js';

// The middleware's own answers on the payment routes (the client's fallbacks are SPEC §8's).
/** How a sentence names a product: 'cable TV', else the product's own name. */
const named = (product: BillProduct) => (product === 'cable-tv' ? 'cable TV' : product);

export const purchaseMessage = {
  successful: (product: BillProduct) => `Your ${named(product)} purchase was successful.`,
  pending: (product: BillProduct) =>
    `Your ${named(product)} purchase is being processed. We will keep checking; if it fails, your money comes back to your wallet automatically.`,
  failed: (product: BillProduct) =>
    `Your ${named(product)} purchase failed. The money has been returned to your wallet.`,
};

export const PAYMENT_NOT_FOUND = 'Transaction not found.';
export const METER_NOT_FOUND =
  'We could not find this meter number for the selected service provider. Please check it and try again.';
export const METER_CANNOT_VEND =
  'This meter cannot be recharged at the moment. Please contact your electricity distribution company.';
export const SERVICE_TYPE_UNKNOWN = 'Select a service provider';
export const DATA_PLAN_UNKNOWN = 'This data plan is not available for the selected network.';
export const DATA_PLAN_AMOUNT_CHANGED =
  'The price of this data plan has changed. Please choose the plan again.';
export const airtimeAmountOutOfRange = (min: string, max: string) =>
  `Airtime can be bought from ${min} to ${max} at a time.`;
export const belowMinimumPurchase = (minimum: string, arrears: string | null) =>
  arrears
    ? `The minimum purchase for this meter is ${minimum}, including ${arrears} of arrears.`
    : `The minimum purchase for this meter is ${minimum}.`;
export const CABLE_PROVIDER_UNKNOWN = 'Select a cable TV provider';
export const SMARTCARD_NOT_FOUND =
  'We could not find this smartcard number for the selected provider. Please check it and try again.';
export const smartcardWrongLength = (label: string, provider: string, length: number) =>
  `A ${provider} ${label.toLowerCase()} is ${length} digits.`;
export const BOUQUET_UNKNOWN = 'This bouquet is not available for the selected provider.';
export const BOUQUET_AMOUNT_CHANGED =
  'The price of this bouquet has changed. Please choose the bouquet again.';
export const AGGREGATOR_UNAVAILABLE =
  'The service provider is not available at the moment. Please try again shortly.';
