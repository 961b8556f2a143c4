import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { directory, load, migration, MIGRATION, stateCodeOf, type PostOffice } from './pincodes.ts';

const office = (o: Partial<PostOffice>): PostOffice => ({
  officeName: 'Somewhere B.O',
  pincode: 500001,
  taluk: 'NA',
  districtName: 'Somewhere',
  stateName: 'ANDHRA PRADESH',
  ...o,
});

describe('the pincode directory (scripts/pincodes.ts)', () => {
  it('moves the Telangana districts out of Andhra Pradesh, but not the Khammam mandals that stayed', () => {
    expect(stateCodeOf(office({ districtName: 'Hyderabad' }))).toBe('36');
    expect(stateCodeOf(office({ districtName: 'K.V.Rangareddy' }))).toBe('36');
    expect(stateCodeOf(office({ districtName: 'Khammam', taluk: 'Kothagudem' }))).toBe('36');
    expect(stateCodeOf(office({ districtName: 'Khammam', taluk: 'Kunavaram' }))).toBe('37');
    expect(stateCodeOf(office({ districtName: 'Khammam', taluk: 'V.r.puram' }))).toBe('37');
    expect(stateCodeOf(office({ districtName: 'Guntur' }))).toBe('37');
  });

  it('puts Leh and Kargil in Ladakh, and both former UTs in Dadra and Nagar Haveli and Daman and Diu', () => {
    expect(stateCodeOf(office({ stateName: 'JAMMU & KASHMIR', districtName: 'Leh' }))).toBe('38');
    expect(stateCodeOf(office({ stateName: 'JAMMU & KASHMIR', districtName: 'Kargil' }))).toBe('38');
    expect(stateCodeOf(office({ stateName: 'JAMMU & KASHMIR', districtName: 'Srinagar' }))).toBe('01');
    expect(stateCodeOf(office({ stateName: 'DAMAN & DIU', districtName: 'Daman' }))).toBe('26');
    expect(stateCodeOf(office({ stateName: 'DADRA & NAGAR HAVELI' }))).toBe('26');
  });

  it('refuses a state it does not know instead of guessing', () => {
    expect(() => stateCodeOf(office({ stateName: 'ATLANTIS' }))).toThrow(/unknown state ATLANTIS/);
  });

  it('keeps one row per pincode: its head or sub office, the state most offices are in, the district as the city', () => {
    const rows = directory([
      office({ pincode: 560001, officeName: 'Alpha B.O', districtName: 'Bangalore', stateName: 'KARNATAKA' }),
      office({
        pincode: 560001,
        officeName: 'CMM Court Complex S.O',
        districtName: 'Bangalore',
        stateName: 'KARNATAKA',
      }),
      office({
        pincode: 110001,
        officeName: 'Election Commission S.O',
        taluk: 'New Delhi',
        districtName: 'Central Delhi',
        stateName: 'DELHI',
      }),
    ]);
    expect(rows).toEqual([
      {
        pincode: '110001',
        office: 'Election Commission',
        city: 'New Delhi',
        district: 'Central Delhi',
        stateCode: '07',
      },
      {
        pincode: '560001',
        office: 'CMM Court Complex',
        city: 'Bangalore',
        district: 'Bangalore',
        stateCode: '29',
      },
    ]);
  });

  it('is what the committed migration holds (run scripts/pincodes.ts after changing it)', () => {
    expect(readFileSync(MIGRATION, 'utf8')).toBe(migration(directory(load())));
  });
});
