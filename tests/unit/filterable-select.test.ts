import { describe, expect, it } from 'vitest';
import { filterOptions, type FilterOption } from '@/components/ui/FilterableSelect';
import { fold } from '@/components/ui/fold';

const options: FilterOption[] = [
  { value: 'BOB', label: 'Boliviano (BOB)', text: 'Boliviano BOB' },
  { value: 'VES', label: 'Bolívar soberano (VES)', text: 'Bolívar soberano VES' },
  { value: 'EUR', label: 'Euro (EUR)', text: 'Euro EUR' },
];
const values = (list: readonly FilterOption[]) => list.map((o) => o.value);

describe('filterOptions', () => {
  it('keeps every option for an empty filter', () => {
    expect(values(filterOptions(options, '  ', 'EUR', fold))).toEqual(['BOB', 'VES', 'EUR']);
  });

  it('needs every typed word, ignoring accents and case', () => {
    expect(values(filterOptions(options, 'bolivar', '', fold))).toEqual(['VES']);
    expect(values(filterOptions(options, 'BOL soberano', '', fold))).toEqual(['VES']);
    expect(values(filterOptions(options, 'bol', '', fold))).toEqual(['BOB', 'VES']);
  });

  it('keeps the chosen option first when the filter hides it, so the select never changes it silently', () => {
    expect(values(filterOptions(options, 'bolivar', 'EUR', fold))).toEqual(['EUR', 'VES']);
    expect(values(filterOptions(options, 'zzz', 'EUR', fold))).toEqual(['EUR']);
  });
});
