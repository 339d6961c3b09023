import type { ShippingCountry } from '@contract/checkout-rules';

/** ISO 3166-1 alpha-2 codes of the shipping countries: Stripe's addresses take these. */
export const COUNTRY_CODES: Record<ShippingCountry, string> = {
  Bangladesh: 'BD',
  'United States': 'US',
  Canada: 'CA',
  Mexico: 'MX',
};
