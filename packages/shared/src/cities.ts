/**
 * The one table of city names: each city of the region under the spellings people type (Latin Uzbek, the
 * English and Russian forms, Cyrillic Uzbek). Tender origins, the tender list's search and saved searches all
 * match cities through it, so Tashkent, Toshkent and Ташкент are one place everywhere.
 */
const CITY_SPELLINGS = {
  // Uzbekistan: the capital and the regional centres, and a few large towns
  tashkent: ['tashkent', 'toshkent', 'ташкент', 'тошкент'],
  samarqand: ['samarqand', 'samarkand', 'самарканд', 'самарқанд'],
  namangan: ['namangan', 'наманган'],
  buxoro: ['buxoro', 'bukhara', 'buhara', 'бухара', 'бухоро'],
  andijon: ['andijon', 'andijan', 'андижан', 'андижон'],
  fargona: ['fargona', 'fergana', 'ferghana', 'фергана', 'фаргона', 'фарғона'],
  nukus: ['nukus', 'no‘kis', 'nokis', 'нукус', 'нўкис'],
  urganch: ['urganch', 'urgench', 'ургенч', 'урганч'],
  qarshi: ['qarshi', 'karshi', 'карши', 'қарши'],
  termiz: ['termiz', 'termez', 'термез', 'термиз'],
  jizzax: ['jizzax', 'jizzakh', 'jizak', 'джизак', 'жиззах'],
  guliston: ['guliston', 'gulistan', 'гулистан', 'гулистон'],
  navoiy: ['navoiy', 'navoi', 'навои', 'навоий'],
  nurafshon: ['nurafshon', 'nurafshan', 'нурафшан', 'нурафшон'],
  qoqon: ['qoqon', 'kokand', 'qoqand', 'коканд', 'қўқон'],
  xiva: ['xiva', 'khiva', 'хива'],
  chirchiq: ['chirchiq', 'chirchik', 'чирчик', 'чирчиқ'],
  olmaliq: ['olmaliq', 'almalyk', 'алмалык', 'олмалиқ'],
  angren: ['angren', 'ангрен'],
  margilon: ['margilon', 'margilan', 'маргилан', 'марғилон'],
  // the neighbours' large cities
  almaty: ['almaty', 'alma ata', 'almata', 'olmaota', 'алматы', 'алма ата', 'олмаота'],
  astana: ['astana', 'nur sultan', 'астана', 'нур султан'],
  shymkent: ['shymkent', 'chimkent', 'chimkant', 'шымкент', 'чимкент'],
  bishkek: ['bishkek', 'бишкек'],
  osh: ['osh', 'ош'],
  dushanbe: ['dushanbe', 'душанбе'],
  xojand: ['xojand', 'khujand', 'khodjent', 'худжанд', 'хужанд', 'ходжент'],
  ashgabat: ['ashgabat', 'ashkhabad', 'ashxobod', 'ашхабад', 'ашгабат'],
  turkmenabat: ['turkmenabat', 'chardzhou', 'chorjoy', 'туркменабад', 'чарджоу'],
  mazarisharif: ['mazar i sharif', 'mazari sharif', 'mazar', 'мазари шариф', 'мазар и шариф'],
  kabul: ['kabul', 'kobul', 'кабул', 'кобул'],
  moscow: ['moscow', 'moskva', 'москва'],
  urumqi: ['urumqi', 'urumchi', 'урумчи', 'урумқи'],
} as const satisfies Record<string, readonly string[]>;

export type CityKey = keyof typeof CITY_SPELLINGS;
export const CITY_KEYS = Object.keys(CITY_SPELLINGS) as CityKey[];

/** A place text as the table stores spellings: lower case, apostrophes dropped, other signs made spaces. */
export function normalizePlace(text: string): string {
  return text
    .toLowerCase()
    .replace(/['`´ʻʼ‘’]/g, '')
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');
}

interface SpellingIndex {
  byName: Map<string, CityKey>;
  /** The most words a spelling has (mazar i sharif). */
  longest: number;
}

let spellingIndex: SpellingIndex | undefined;

/** Built at the first lookup, not at load: a page that shows cities without reading them pays nothing. */
function spellings(): SpellingIndex {
  if (!spellingIndex) {
    const byName = new Map<string, CityKey>(
      CITY_KEYS.flatMap((key) => CITY_SPELLINGS[key].map((spelling) => [normalizePlace(spelling), key] as const)),
    );
    const longest = Math.max(...[...byName.keys()].map((spelling) => spelling.split(' ').length));
    spellingIndex = { byName, longest };
  }
  return spellingIndex;
}

/**
 * The known city a place text names ("Toshkent sh.", "Fergana, Uzbekistan", "Farg‘ona" → its key); null when
 * none. The longest spelling found wins, so "Mazar-i-Sharif" is not read as a word of it.
 */
export function cityOf(place: string | null | undefined): CityKey | null {
  if (!place) return null;
  const words = normalizePlace(place).split(' ');
  const { byName, longest } = spellings();
  for (let start = 0; start < words.length; start++) {
    for (let length = Math.min(longest, words.length - start); length >= 1; length--) {
      const key = byName.get(words.slice(start, start + length).join(' '));
      if (key) return key;
    }
  }
  return null;
}

/** The city a search text is, as a whole ("toshkent" → tashkent; "toshkent cement" → null). */
export function cityOfQuery(text: string): CityKey | null {
  return spellings().byName.get(normalizePlace(text)) ?? null;
}

/** Every spelling of a city (for a text search that finds it under any of them). */
export function citySpellings(key: CityKey): readonly string[] {
  return CITY_SPELLINGS[key];
}

/**
 * The key a place is matched by: its city when the table knows it, else its first part in the table's form
 * ("Kashgar, China" → "kashgar"), so that two texts naming an unknown place the same way still meet. '' for
 * an empty text (any place).
 */
export function placeKey(place: string | null | undefined): string {
  const city = cityOf(place);
  if (city) return city;
  return normalizePlace((place ?? '').split(/[,(;/]/)[0] ?? '');
}
