// How a postal address is written in its country (decision 167): the street lines, then the
// postcode and city as that country's post expects them, then the country. A few patterns cover
// the countries the portal bills; every other country writes "postcode city" as most of Europe.

export type PostcodePattern =
  /** "10115 Berlin" (Germany, France and most of Europe). */
  | 'postcode_city'
  /** "London", then "EC1V 9HX" on a line of its own (United Kingdom, Ireland). */
  | 'city_then_postcode_line'
  /** "New York, NY 10001"; "New York, 10001" without a state (United States, Canada, Australia). */
  | 'city_state_postcode';

const PATTERNS: Readonly<Record<string, PostcodePattern>> = {
  GB: 'city_then_postcode_line',
  IE: 'city_then_postcode_line',
  US: 'city_state_postcode',
  CA: 'city_state_postcode',
  AU: 'city_state_postcode',
};

/** The pattern of a country by its ISO 3166-1 alpha-2 code ("postcode_city" when unknown). */
export function postcodePattern(countryCode: string | null): PostcodePattern {
  return PATTERNS[(countryCode ?? '').trim().toUpperCase()] ?? 'postcode_city';
}

export interface PostalAddress {
  /** Street and house, possibly several lines. */
  address: string;
  postcode: string;
  city: string;
  /** The state or province, where the country has them; optional. */
  state?: string | null;
  /** ISO 3166-1 alpha-2, e.g. "GB"; null when unknown. */
  countryCode: string | null;
  /** The country's name as printed, e.g. "United Kingdom"; empty to leave it out. */
  countryName: string;
}

const clean = (text: string | null | undefined) => (text ?? '').trim();

/** The address's lines, without empty ones. */
export function postalAddressLines(address: PostalAddress): string[] {
  const postcode = clean(address.postcode);
  const city = clean(address.city);
  const state = clean(address.state);
  const lines = address.address.split('\n').map(clean);
  switch (postcodePattern(address.countryCode)) {
    case 'city_then_postcode_line':
      lines.push(city, postcode);
      break;
    case 'city_state_postcode': {
      const region = [state, postcode].filter(Boolean).join(' ');
      lines.push(city && region ? `${city}, ${region}` : city || region);
      break;
    }
    default:
      lines.push([postcode, city].filter(Boolean).join(' '));
  }
  lines.push(clean(address.countryName));
  return lines.filter((line) => line.length > 0);
}
