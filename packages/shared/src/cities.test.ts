import { describe, expect, it } from 'vitest';
import { cityOf, cityOfQuery, citySpellings, placeKey } from './cities.js';

describe('the city table', () => {
  it('reads a city under every spelling and script', () => {
    for (const name of ['Tashkent', 'Toshkent', 'Ташкент', 'ТОШКЕНТ']) expect(cityOf(name)).toBe('tashkent');
    for (const name of ['Samarkand', 'Samarqand', 'Самарканд']) expect(cityOf(name)).toBe('samarqand');
    for (const name of ['Bukhara', 'Buxoro', 'Бухара']) expect(cityOf(name)).toBe('buxoro');
    for (const name of ['Fergana', "Farg'ona", 'Farg‘ona', 'Фергана']) expect(cityOf(name)).toBe('fargona');
    for (const name of ['Almaty', 'Alma-Ata', 'Алматы']) expect(cityOf(name)).toBe('almaty');
    for (const name of ['Khujand', 'Худжанд']) expect(cityOf(name)).toBe('xojand');
    expect(cityOf("Qo'qon")).toBe('qoqon');
    expect(cityOf('Kokand')).toBe('qoqon');
  });

  it('finds the city inside a longer place text, the longest spelling first', () => {
    expect(cityOf('Toshkent sh., Chilonzor tumani')).toBe('tashkent');
    expect(cityOf('Mazar-i-Sharif, Afghanistan')).toBe('mazarisharif');
    expect(cityOf('Kashgar, China')).toBeNull();
    expect(cityOf('')).toBeNull();
  });

  it('takes a search text as a city only when it is one as a whole', () => {
    expect(cityOfQuery(' toshkent ')).toBe('tashkent');
    expect(cityOfQuery('Toshkent cement')).toBeNull();
    expect(citySpellings('tashkent')).toContain('ташкент');
  });

  it('keys an unknown place by its first part, and an empty one as any', () => {
    expect(placeKey('Ташкент, Узбекистан')).toBe('tashkent');
    expect(placeKey('Kashgar, China')).toBe('kashgar');
    expect(placeKey('  KASHGAR ')).toBe('kashgar');
    expect(placeKey('')).toBe('');
  });
});
