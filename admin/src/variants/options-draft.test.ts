import { describe, expect, it } from 'vitest';
import {
  combinationCount,
  missingCombinations,
  optionsProblems,
  toDraft,
  toOptionsPayload,
  type OptionDraft,
  type OptionRows,
} from '@/variants/options-draft';

const fabric: OptionDraft = {
  id: 7,
  name: ' Fabric ',
  values: [
    { id: 70, value: 'Teal velvet', swatch_color: '#0F766E' },
    { value: ' Grey linen ', swatch_color: '' },
    { value: '  ', swatch_color: '' },
  ],
};
const size: OptionDraft = {
  name: 'Size',
  values: [
    { value: '3-seater', swatch_color: '' },
    { value: 'L-shape (left)', swatch_color: '' },
    { value: 'L-shape (right)', swatch_color: '' },
  ],
};

describe('options drafts', () => {
  it('become admin_set_product_options’ argument: ids kept, text trimmed, blank values dropped', () => {
    expect(toOptionsPayload([fabric])).toEqual([
      {
        id: 7,
        name: 'Fabric',
        values: [
          { id: 70, value: 'Teal velvet', swatch_color: '#0f766e' },
          { value: 'Grey linen', swatch_color: null },
        ],
      },
    ]);
  });

  it('count their combinations', () => {
    expect(combinationCount([fabric, size])).toBe(6);
    expect(combinationCount([])).toBe(1);
  });

  it('report what the database would refuse, all at once', () => {
    expect(optionsProblems([fabric, size])).toEqual([]);
    expect(
      optionsProblems([
        {
          name: 'Finish',
          values: [
            { value: 'Teak', swatch_color: '#8B5A2B' },
            { value: 'TEAK', swatch_color: 'brown' },
          ],
        },
        { name: 'finish', values: [] },
        { name: '', values: [{ value: 'x', swatch_color: '' }] },
      ]),
    ).toEqual([
      'Finish has "TEAK" twice.',
      'Finish / TEAK: a swatch colour is #rrggbb.',
      'Two options are called "finish".',
      'finish needs at least one value.',
      'Option 3 needs a name.',
    ]);
    expect(optionsProblems([{ name: 'x'.repeat(41), values: [{ value: 'a', swatch_color: '' }] }])).toEqual([
      `${'x'.repeat(41)}: a name is at most 40 characters.`,
    ]);
  });

  it('come from the saved rows in position order', () => {
    const rows: OptionRows[] = [
      {
        id: 2,
        name: 'Size',
        position: 1,
        values: [{ id: 21, value: 'King', swatch_color: null, position: 0 }],
      },
      {
        id: 1,
        name: 'Finish',
        position: 0,
        values: [
          { id: 12, value: 'Walnut', swatch_color: '#5c4033', position: 1 },
          { id: 11, value: 'Teak', swatch_color: null, position: 0 },
        ],
      },
    ];
    expect(toDraft(rows).map((o) => [o.name, o.values.map((v) => `${v.value}${v.swatch_color}`)])).toEqual([
      ['Finish', ['Teak', 'Walnut#5c4033']],
      ['Size', ['King']],
    ]);
  });
});

describe('missingCombinations', () => {
  const options: OptionRows[] = [
    {
      id: 1,
      name: 'Finish',
      position: 0,
      values: [
        { id: 11, value: 'Teak', swatch_color: null, position: 0 },
        { id: 12, value: 'Walnut', swatch_color: null, position: 1 },
      ],
    },
    {
      id: 2,
      name: 'Size',
      position: 1,
      values: [
        { id: 21, value: 'Queen', swatch_color: null, position: 0 },
        { id: 22, value: 'King', swatch_color: null, position: 1 },
      ],
    },
  ];
  it('counts the combinations no variant has', () => {
    expect(missingCombinations(options, [])).toBe(4);
    expect(
      missingCombinations(options, [
        {
          option_values: [
            { option_id: 2, value_id: 21 },
            { option_id: 1, value_id: 11 },
          ],
        },
        {
          option_values: [
            { option_id: 1, value_id: 12 },
            { option_id: 2, value_id: 22 },
          ],
        },
      ]),
    ).toBe(2);
    expect(missingCombinations([], [{ option_values: [] }])).toBe(0);
  });
});
