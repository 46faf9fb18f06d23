import type { Language } from './language.js';
import { SOATO_DISTRICT_ROWS, SOATO_REGION_ROWS } from './soato-data.js';

/** A region or district of the SOATO list, named in the three languages. */
export interface SoatoUnit {
  code: string;
  names: Record<Language, string>;
}

const unitOf = ([code, uz, en, ru]: readonly [string, string, string, string]): SoatoUnit => ({
  code,
  names: { uz, en, ru },
});

/** The 14 regions (the Republic of Karakalpakstan, the provinces and Tashkent city), in SOATO order. */
export const SOATO_REGIONS: readonly SoatoUnit[] = SOATO_REGION_ROWS.map(unitOf);

/** Every district and district-level city, in SOATO order. */
export const SOATO_DISTRICTS: readonly SoatoUnit[] = SOATO_DISTRICT_ROWS.map(unitOf);

const regionByCode = new Map(SOATO_REGIONS.map((unit) => [unit.code, unit]));
const districtByCode = new Map(SOATO_DISTRICTS.map((unit) => [unit.code, unit]));

export const soatoRegion = (code: string): SoatoUnit | undefined => regionByCode.get(code);
export const soatoDistrict = (code: string): SoatoUnit | undefined => districtByCode.get(code);

/** The districts of a region (a district's code begins with its region's). */
export const districtsOfRegion = (regionCode: string): SoatoUnit[] =>
  SOATO_DISTRICTS.filter((unit) => unit.code.slice(0, 4) === regionCode);
