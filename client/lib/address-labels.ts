import { t } from '@lingui/core/macro';
import { portalTimeZone } from './school-time';

export type Country = 'IN' | 'US' | 'GB';

const US_ZONES =
  /^(America\/(New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Juneau|Sitka|Nome|Adak|Boise|Detroit|Menominee|Metlakatla|Yakutat|Indiana\/.+|Kentucky\/.+|North_Dakota\/.+)|Pacific\/Honolulu|US\/.+)$/;

/** The school's country as far as address labels need it; the school stores only its time zone. */
export function countryOfTimeZone(timeZone: string | null | undefined): Country | null {
  if (!timeZone) return null;
  if (timeZone === 'Asia/Kolkata' || timeZone === 'Asia/Calcutta') return 'IN';
  if (timeZone === 'Europe/London' || timeZone === 'Europe/Belfast' || timeZone === 'GB') return 'GB';
  if (US_ZONES.test(timeZone)) return 'US';
  return null;
}

export interface AddressLabels {
  region: string;
  postalCode: string;
}

/** "PIN code" in India, "ZIP code" in the US, "Postcode" in the UK, "Postal code" elsewhere. */
export function addressLabels(timeZone: string | null | undefined = portalTimeZone()): AddressLabels {
  switch (countryOfTimeZone(timeZone)) {
    case 'IN':
      return { region: t`State`, postalCode: t`PIN code` };
    case 'US':
      return { region: t`State`, postalCode: t`ZIP code` };
    case 'GB':
      return { region: t`County`, postalCode: t`Postcode` };
    default:
      return { region: t`State or region`, postalCode: t`Postal code` };
  }
}
