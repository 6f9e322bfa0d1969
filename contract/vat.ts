// VAT on an order (spec §9 leaves the rate open; decision 030). The marketplace sells as one EU
// company with a configured country and standard rate. Amounts are whole cents.

/** ISO 3166-1 alpha-2 codes of the EU member states (2026). */
export const EU_COUNTRY_CODES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV',
  'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
]); // prettier-ignore

/**
 * - `domestic`: the buyer is in the seller's country: the seller's rate.
 * - `eu_no_vat_number`: another EU country without a VAT number: the seller's rate.
 * - `reverse_charge`: a business in another EU country with a VAT number: 0 %, the buyer
 *   accounts for the VAT ("Reverse charge" on the invoice).
 * - `outside_eu`: export of a service outside the EU: 0 %.
 */
export const VAT_TREATMENTS = [
  'domestic',
  'eu_no_vat_number',
  'reverse_charge',
  'outside_eu',
] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];

export const VAT_TREATMENT_LABELS: Record<VatTreatment, string> = {
  domestic: 'VAT',
  eu_no_vat_number: 'VAT',
  reverse_charge: 'Reverse charge: VAT to be accounted for by the recipient',
  outside_eu: 'No VAT: service supplied outside the EU',
};

export interface VatSeller {
  /** ISO alpha-2 country of the seller, e.g. "DE". */
  countryCode: string;
  /** The seller's standard rate in basis points: 1900 = 19 %. */
  rateBasisPoints: number;
}

export interface VatBuyer {
  /** ISO alpha-2 country of the billing address; null when unknown (treated as domestic). */
  countryCode: string | null;
  vatNumber: string | null;
}

export interface VatDecision {
  treatment: VatTreatment;
  /** Basis points applied: 0 or the seller's rate. */
  rateBasisPoints: number;
}

export function vatDecision(seller: VatSeller, buyer: VatBuyer): VatDecision {
  const country = buyer.countryCode?.toUpperCase() ?? seller.countryCode.toUpperCase();
  const hasVatNumber = Boolean(buyer.vatNumber?.trim());
  if (country === seller.countryCode.toUpperCase()) {
    return { treatment: 'domestic', rateBasisPoints: seller.rateBasisPoints };
  }
  if (!EU_COUNTRY_CODES.has(country)) return { treatment: 'outside_eu', rateBasisPoints: 0 };
  if (hasVatNumber) return { treatment: 'reverse_charge', rateBasisPoints: 0 };
  return { treatment: 'eu_no_vat_number', rateBasisPoints: seller.rateBasisPoints };
}

/** VAT of a net amount in cents, rounded half up to the cent. */
export function vatCents(netCents: number, rateBasisPoints: number): number {
  if (!Number.isSafeInteger(netCents) || !Number.isSafeInteger(rateBasisPoints)) {
    throw new RangeError('VAT needs whole cents and basis points');
  }
  const sign = netCents < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(netCents) * rateBasisPoints + 5000) / 10000);
}

/** "19.00" for 1900 basis points. */
export function rateText(rateBasisPoints: number): string {
  return `${Math.trunc(rateBasisPoints / 100)}.${String(rateBasisPoints % 100).padStart(2, '0')}`;
}
