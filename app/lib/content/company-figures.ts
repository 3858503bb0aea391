// The company's headline figures, in the words the home page and the about page both show.
import { COMPANY } from '~/lib/content/company';

export const VEHICLES_EXPORTED = '30,000+';
export const VEHICLES_IN_BONDED_WAREHOUSES = '2,000+';

export const COMPANY_FIGURES = [
  { value: String(COMPANY.founded), label: 'Founded' },
  { value: COMPANY.countries, label: 'Countries served' },
  { value: VEHICLES_EXPORTED, label: 'Vehicles exported' },
  { value: VEHICLES_IN_BONDED_WAREHOUSES, label: 'Vehicles in bonded warehouses' },
] as const;
