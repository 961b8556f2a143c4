import { describe, expect, it } from 'vitest';
import { MAX_ROWS, parseAssignCsv, parseDirectoryCsv } from '@/delivery/pincode-csv';

describe('parseAssignCsv', () => {
  it('reads pincode,zone rows, an empty zone meaning no zone', () => {
    expect(parseAssignCsv('pincode,zone\n560001,South\n744101,\n')).toEqual({
      rows: [
        { pincode: '560001', zone: 'South' },
        { pincode: '744101', zone: '' },
      ],
      problem: null,
    });
  });

  it('finds the columns by name in any order and case, ignoring others, a BOM, CRLF and blank lines', () => {
    const text =
      '\uFEFF Zone ,Note,PINCODE\r\nMetro,first,400001\r\n\r\n  ,,\r\n"North, hills",x, 110001 \r\n';
    expect(parseAssignCsv(text).rows).toEqual([
      { pincode: '400001', zone: 'Metro' },
      { pincode: '110001', zone: 'North, hills' },
    ]);
  });

  it('keeps every cell as text, so the database judges a leading 0 or five digits itself', () => {
    expect(parseAssignCsv('pincode,zone\n056001,Metro\n56001,Metro\nabcdef,Metro').rows).toEqual([
      { pincode: '056001', zone: 'Metro' },
      { pincode: '56001', zone: 'Metro' },
      { pincode: 'abcdef', zone: 'Metro' },
    ]);
  });

  it('gives a short row empty cells', () => {
    expect(parseAssignCsv('pincode,zone\n560001').rows).toEqual([{ pincode: '560001', zone: '' }]);
  });

  it('says what is wrong with a file that is not the expected one', () => {
    expect(parseAssignCsv('').problem).toBe(
      'The file is empty. Its first line should be the header pincode,zone.',
    );
    expect(parseAssignCsv('pin,zone\n560001,Metro').problem).toBe(
      'The first line must name the columns pincode,zone (missing: pincode).',
    );
    expect(parseAssignCsv('pincode,zone\n\n').problem).toBe('The file has a header but no rows.');
    expect(parseAssignCsv('pincode,zone\n"560001,Metro\n').problem).toMatch(
      /^The file could not be read at row/,
    );
    const big = `pincode,zone\n${'560001,Metro\n'.repeat(MAX_ROWS + 1)}`;
    expect(parseAssignCsv(big).problem).toBe('The file has 50,001 rows; at most 50,000 at a time.');
  });
});

describe('parseDirectoryCsv', () => {
  it('reads the directory columns, keeping commas and quotes inside quoted cells', () => {
    const text =
      'pincode,office,city,district,state\n' +
      '500001,"Hyderabad G.P.O.",Hyderabad,Hyderabad,Telangana\n' +
      '194101,"Leh ""Main""",Leh,Leh,38\n';
    expect(parseDirectoryCsv(text)).toEqual({
      rows: [
        {
          pincode: '500001',
          office: 'Hyderabad G.P.O.',
          city: 'Hyderabad',
          district: 'Hyderabad',
          state: 'Telangana',
        },
        { pincode: '194101', office: 'Leh "Main"', city: 'Leh', district: 'Leh', state: '38' },
      ],
      problem: null,
    });
  });

  it('names every missing column', () => {
    expect(parseDirectoryCsv('pincode,city\n500001,Hyderabad').problem).toBe(
      'The first line must name the columns pincode,office,city,district,state (missing: office, district, state).',
    );
  });
});
