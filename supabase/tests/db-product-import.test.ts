/**
 * Products as CSV (issue 21) through supabase-js over HTTP, on PGlite and PostgreSQL:
 * admin_export_products and admin_import_products. The export read back unchanged is 0 changes; new
 * products (Indian-grouped and ₹ amounts, a BOM before the header, options) are previewed, then
 * created in one go with their stock through the ledger; a file with errors names every row and
 * column and applies nothing; only catalog staff (and owners) may import, any staff may export.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from 'supabase-local/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCT_CSV_COLUMNS,
  productCsvRecord,
  readProductCsv,
  type ProductExportRow,
  type ProductImportRow,
} from '../../shared/src/catalog/product-csv.ts';
import type { Database, Json } from '../../shared/src/types/database.ts';
import { addPeople, forEachStoreServer, PEOPLE, storeClient } from './support/store.ts';
import { optionedProduct, uniq } from './support/variants.ts';

type Client = SupabaseClient<Database>;
type Who = keyof typeof PEOPLE;

/** admin_import_products' answer (a jsonb the generator cannot type). */
interface ImportAnswer {
  applied: boolean;
  total: number;
  changed: number;
  unchanged: number;
  refused: number;
  products_created: number;
  products_updated: number;
  variants_created: number;
  variants_updated: number;
  changes: {
    row: number;
    product_slug: string;
    sku: string | null;
    kind: string;
    field: string;
    from: string | null;
    to: string | null;
  }[];
  errors: { row: number; sku: string; column: string; message: string }[];
}

const asAnswer = (data: Json | null): ImportAnswer => {
  expect(data).toEqual(expect.objectContaining({ applied: expect.any(Boolean), errors: expect.any(Array) }));
  return data as unknown as ImportAnswer;
};

/** A CSV text's rows as the admin reads them (a minimal split: `|` stands for a comma inside a cell). */
const csv = (lines: string[]): ProductImportRow[] => {
  const read = readProductCsv(
    lines.map((l) => l.split(',').map((c) => c.replace(/\|/g, ',').replace(/"/g, ''))),
  );
  if (read.problem !== null) throw new Error(read.problem);
  return read.rows;
};

forEachStoreServer('products CSV: export, import with a dry run, who may', ({ server }) => {
  let s: TestServer;
  const clients = {} as Record<Who | 'anon', Client>;

  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
    clients.anon = storeClient(s);
    for (const who of Object.keys(PEOPLE) as Who[]) clients[who] = storeClient(s, PEOPLE[who]);
  });

  const importRows = async (who: Who, rows: ProductImportRow[], dryRun: boolean) => {
    const { data, error } = await clients[who].rpc('admin_import_products', {
      rows: rows as unknown as Json,
      dry_run: dryRun,
    });
    expect(error).toBeNull();
    return asAnswer(data);
  };

  /** Every variant through the export, paged as the admin pages it. */
  const exportAll = async (who: Who = 'catalogStaff'): Promise<ProductExportRow[]> => {
    const all: ProductExportRow[] = [];
    for (let after: string | undefined; ;) {
      const { data, error } = await clients[who].rpc('admin_export_products', {
        after_sku: after,
        page_size: 1000,
      });
      expect(error).toBeNull();
      all.push(...(data ?? []));
      if ((data ?? []).length < 1000) return all;
      after = data![data!.length - 1]!.sku;
    }
  };

  /** The catalogue's state, to show a refused or dry-run import wrote nothing. */
  const fingerprint = async () =>
    (
      await s.db.query<{ h: string }>(
        `select md5(coalesce((select string_agg(concat_ws(':', p.id, p.slug, p.name, p.category_id, p.description, p.featured),
           ',' order by p.id) from public.products as p), '') || coalesce((select string_agg(concat_ws(':', v.id, v.sku,
           v.price, v.original_price, v.stock_quantity, v.is_active), ',' order by v.id) from public.product_variants as v), '')
           || (select count(*) from public.stock_movements)) as h`,
      )
    ).rows[0]!.h;

  it('pages the export after a SKU: small pages in a row are the whole export, in its order', async () => {
    const whole = await exportAll();
    const { data: unpaged, error } = await clients.catalogStaff.rpc('admin_export_products');
    expect(error).toBeNull();
    expect(unpaged).toEqual(whole);
    const paged: ProductExportRow[] = [];
    for (let after: string | undefined; ;) {
      const { data, error: e } = await clients.catalogStaff.rpc('admin_export_products', {
        after_sku: after,
        page_size: 7,
      });
      expect(e).toBeNull();
      expect(data!.length).toBeLessThanOrEqual(7);
      paged.push(...data!);
      if (data!.length < 7) break;
      after = data![data!.length - 1]!.sku.toLowerCase();
    }
    expect(paged).toEqual(whole);
    const gone = await clients.catalogStaff.rpc('admin_export_products', {
      after_sku: 'NO-SUCH-SKU',
      page_size: 7,
    });
    expect(gone.error).toMatchObject({ code: 'P0001', details: 'export_cursor_unknown' });
  });

  it('reads back its own export with 0 changes, formula-looking text and options included', async () => {
    const sofa = await optionedProduct(
      s.db,
      [{ name: 'Fabric', values: ['Grey linen', 'Teal velvet'] }],
      [
        { sku: uniq('RT-GL'), values: ['Grey linen'], price: 125000, original_price: 149999, stock: 4 },
        { sku: uniq('RT-TV'), values: ['Teal velvet'], price: 129999.5, stock: 0 },
      ],
    );
    await s.db.query(
      `update public.products set description = '=HYPERLINK("http://evil.example")', material = '-Teak' where id = $1`,
      [sofa.id],
    );
    const exported = await exportAll();
    expect(exported.length).toBeGreaterThan(30);
    const mine = exported.filter((r) => r.product_slug === sofa.slug);
    expect(mine.map((r) => r.options)).toEqual(['Fabric: Grey linen', 'Fabric: Teal velvet']);
    const table = [[...PRODUCT_CSV_COLUMNS], ...exported.map(productCsvRecord)];
    expect(table.flat().some((cell) => /^[=+\-@\t\r]/.test(cell))).toBe(false);

    const before = await fingerprint();
    const rows = readProductCsv(table);
    if (rows.problem !== null) throw new Error(rows.problem);
    const preview = await importRows('catalogStaff', rows.rows, true);
    expect(preview.errors).toEqual([]);
    expect(preview.changes).toEqual([]);
    expect(preview).toMatchObject({ changed: 0, unchanged: exported.length, total: exported.length });
    const applied = await importRows('catalogStaff', rows.rows, false);
    expect(applied).toMatchObject({ applied: true, changed: 0 });
    expect(await fingerprint()).toBe(before);
  });

  it('previews ten new products, then creates them in one go, stock through the ledger; again is 0 changes', async () => {
    const tag = uniq('imp').toLowerCase();
    const lines = [
      '\uFEFFProduct_Slug,Product Name,Category,Description,Featured,SKU,Options,Price,MRP,Stock,Active',
      ...Array.from({ length: 9 }, (_, i) =>
        [
          `${tag}-chair-${i + 1}`,
          `Import Chair ${i + 1}`,
          'chairs',
          'Solid sheesham',
          i === 0 ? 'Yes' : '',
          `${tag.toUpperCase()}-C${i + 1}`,
          '',
          '₹12|999',
          '1|25|000',
          '1|200',
          '',
        ].join(','),
      ),
      `${tag}-sofa,Import Sofa,Sofas,,no,${tag.toUpperCase()}-S-GL,Fabric: Grey linen; Size: 3-seater,45000.00,,3,yes`,
      `${tag}-sofa,Import Sofa,Sofas,,no,${tag.toUpperCase()}-S-TV,Fabric: Teal velvet; Size: 3-seater,"Rs. 47|500",,0,yes`,
    ];
    const rows = csv(lines);
    expect(rows[0]).toMatchObject({ price: '12999', mrp: '125000', stock: '1200', featured: 'yes' });

    const before = await fingerprint();
    const preview = await importRows('catalogStaff', rows, true);
    expect(preview.errors).toEqual([]);
    expect(preview).toMatchObject({
      applied: false,
      products_created: 10,
      variants_created: 11,
      changed: 21,
      unchanged: 0,
    });
    expect(await fingerprint()).toBe(before);

    const applied = await importRows('catalogStaff', rows, false);
    expect(applied).toMatchObject({ applied: true, products_created: 10, variants_created: 11 });
    const { rows: made } = await s.db.query<{
      slug: string;
      price: string;
      original_price: string | null;
      stock: number;
      featured: boolean;
      skus: string;
      titles: string;
    }>(
      `select p.slug, p.price::text, p.original_price::text, p.stock_quantity as stock, p.featured,
         string_agg(v.sku, ',' order by v.sku) as skus, string_agg(v.title, ',' order by v.sku) as titles
       from public.products as p join public.product_variants as v on v.product_id = p.id
       where p.slug like $1 group by p.id order by p.slug`,
      [`${tag}-%`],
    );
    expect(made).toHaveLength(10);
    expect(made[0]).toMatchObject({
      slug: `${tag}-chair-1`,
      price: '12999.00',
      original_price: '125000.00',
      stock: 1200,
      featured: true,
    });
    expect(made[9]).toMatchObject({
      slug: `${tag}-sofa`,
      price: '45000.00',
      stock: 3,
      skus: `${tag.toUpperCase()}-S-GL,${tag.toUpperCase()}-S-TV`,
      titles: 'Grey linen / 3-seater,Teal velvet / 3-seater',
    });
    const { rows: moves } = await s.db.query<{ n: number; actor: string }>(
      `select count(*)::integer as n, min(m.actor::text) as actor from public.stock_movements as m
       where m.sku like $1 and m.reason = 'import' and m.note = 'CSV import'`,
      [`${tag.toUpperCase()}-%`],
    );
    expect(moves[0]).toEqual({ n: 10, actor: PEOPLE.catalogStaff.id });
    const { rows: audit } = await s.db.query<{ n: number }>(
      `select count(*)::integer as n from public.audit_log where table_name = 'products' and action = 'insert' and actor_id = $1
         and new_values ->> 'slug' like $2`,
      [PEOPLE.catalogStaff.id, `${tag}-%`],
    );
    expect(audit[0]!.n).toBe(10);

    const again = await importRows('catalogStaff', rows, false);
    expect(again).toMatchObject({ applied: true, changed: 0, unchanged: 11 });
  });

  it('updates what differs, field by field, and moves stock by the difference', async () => {
    const tag = uniq('upd').toLowerCase();
    const sku = `${tag.toUpperCase()}-1`;
    const header = 'product_slug,product_name,category,sku,price,mrp,stock,active';
    await importRows('catalogStaff', csv([header, `${tag},Update Table,tables,${sku},9999,,5,yes`]), false);
    const rows = csv([header, `${tag},Update Table,Dining,${sku},"8|499",9999,2,yes`]);
    const preview = await importRows('catalogStaff', rows, true);
    expect(preview.errors).toEqual([]);
    expect(preview.changes.map((c) => [c.kind, c.field, c.from, c.to])).toEqual([
      ['product_updated', 'category', 'tables', 'dining'],
      ['variant_updated', 'mrp', null, '9999'],
      ['variant_updated', 'price', '9999.00', '8499'],
      ['variant_updated', 'stock', '5', '2'],
    ]);
    expect(preview).toMatchObject({ products_updated: 1, variants_updated: 1, changed: 2 });
    expect(await importRows('catalogStaff', rows, false)).toMatchObject({ applied: true, changed: 2 });
    const { rows: v } = await s.db.query<{
      price: string;
      original_price: string;
      stock_quantity: number;
      moves: string;
    }>(
      `select v.price::text, v.original_price::text, v.stock_quantity,
         (select string_agg(m.quantity::text, ',' order by m.id) from public.stock_movements as m where m.variant_id = v.id) as moves
       from public.product_variants as v where v.sku = $1`,
      [sku],
    );
    expect(v[0]).toEqual({ price: '8499.00', original_price: '9999.00', stock_quantity: 2, moves: '5,-3' });
  });

  it('lists every row’s errors by row and column, and applies nothing', async () => {
    const tag = uniq('bad').toLowerCase();
    const other = await optionedProduct(s.db, [], [{ sku: uniq('OWNED'), values: [], price: 5000 }]);
    const otherSku = Object.keys(other.variants)[0]!;
    const header = 'product_slug,product_name,category,sku,price,mrp,stock,active,options';
    const rows = csv([
      header,
      `${tag}-a,Good Chair,chairs,${tag}-A1,4999,,1,yes,`, // 1: fine alone, but the file is refused
      `${tag}-b,Bad Price,chairs,${tag}-B1,-500,,1,yes,`, // 2
      `${tag}-c,Lost,Garden gnomes,${tag}-C1,999,,1,yes,`, // 3
      `${tag}-d,Twice,chairs,${tag}-A1,999,,1,yes,`, // 4 duplicate SKU of row 1
      `${tag}-e,Theft,chairs,${otherSku},999,,1,yes,`, // 5 another product's SKU
      `${tag}-f,Cheap MRP,chairs,${tag}-F1,999,500,-2,maybe,`, // 6
      `${tag}-g,Bad options,chairs,${tag}-G1,999,,1,yes,Fabric`, // 7
      `Not A Slug,x,chairs,${tag}-H1,abc,,1,yes,`, // 8
    ]);
    const before = await fingerprint();
    for (const dryRun of [true, false]) {
      const answer = await importRows('catalogStaff', rows, dryRun);
      expect(answer.applied).toBe(false);
      expect(answer.refused).toBe(7);
      // only row 1 would change anything once the others are corrected
      expect([...new Set(answer.changes.map((c) => c.row))]).toEqual([1]);
      expect(answer).toMatchObject({ products_created: 1, variants_created: 1, unchanged: 0 });
      expect(answer.errors.map((e) => [e.row, e.column])).toEqual([
        [2, 'price'],
        [3, 'category'],
        [4, 'sku'],
        [5, 'sku'],
        [6, 'active'],
        [6, 'mrp'],
        [6, 'stock'],
        [7, 'options'],
        [8, 'price'],
        [8, 'product_slug'],
      ]);
      const message = (row: number, column: string) =>
        answer.errors.find((e) => e.row === row && e.column === column)?.message;
      expect(message(2, 'price')).toBe('Price cannot be negative.');
      expect(message(3, 'category')).toBe('Unknown category "Garden gnomes".');
      expect(message(4, 'sku')).toBe(`SKU ${tag}-A1 is listed twice (also on row 1).`);
      expect(message(5, 'sku')).toBe(`SKU ${otherSku} belongs to another product (${other.slug}).`);
      expect(message(6, 'mrp')).toBe('MRP (500) cannot be below the price (999).');
    }
    expect(await fingerprint()).toBe(before);
  });

  it('refuses a variant’s options changed, a second variant without options, and disagreeing product rows', async () => {
    const sofa = await optionedProduct(
      s.db,
      [{ name: 'Fabric', values: ['Grey linen', 'Teal velvet'] }],
      [{ sku: uniq('OPT-GL'), values: ['Grey linen'], price: 30000 }],
    );
    const [sku] = Object.keys(sofa.variants);
    const header = 'product_slug,product_name,category,sku,price,options';
    const name = (
      await s.db.query<{ name: string }>('select name from public.products where id = $1', [sofa.id])
    ).rows[0]!.name;
    const answer = await importRows(
      'catalogStaff',
      csv([
        header,
        `${sofa.slug},${name},sofas,${sku},30000,Fabric: Teal velvet`,
        `${sofa.slug},${name},sofas,${uniq('OPT-X')},31000,`,
        `${sofa.slug},${name},sofas,${uniq('OPT-Y')},31000,Fabric: Red`,
        `${sofa.slug},Another name,sofas,${uniq('OPT-Z')},31000,Fabric: Blue`,
      ]),
      true,
    );
    expect(answer.errors.map((e) => [e.row, e.column])).toEqual([
      [1, 'options'],
      [2, 'options'],
      [4, 'product_name'],
    ]);
    expect(answer.errors[0]!.message).toContain('Options & variants');
  });

  describe('who may', () => {
    const row = (): ProductImportRow[] =>
      csv([
        'product_slug,product_name,category,sku,price',
        `${uniq('who').toLowerCase()},Who Chair,chairs,${uniq('WHO')},999`,
      ]);

    it.each(['supportStaff', 'financeStaff', 'viewerStaff', 'customerA', 'pretender', 'staleAdmin'] as const)(
      '%s cannot import (42501), not even a dry run',
      async (who) => {
        const { data, error } = await clients[who].rpc('admin_import_products', {
          rows: row() as unknown as Json,
          dry_run: true,
        });
        expect(data).toBeNull();
        expect(error?.code).toBe('42501');
      },
    );

    it('a visitor cannot import or export', async () => {
      expect(
        (await clients.anon.rpc('admin_import_products', { rows: row() as unknown as Json })).error?.code,
      ).toBe('42501');
      expect((await clients.anon.rpc('admin_export_products')).error?.code).toBe('42501');
    });

    it('an owner imports; any staff exports, customers do not', async () => {
      expect(await importRows('admin', row(), true)).toMatchObject({ products_created: 1, errors: [] });
      expect((await exportAll('viewerStaff')).length).toBeGreaterThan(0);
      const { error } = await clients.customerA.rpc('admin_export_products');
      expect(error?.code).toBe('42501');
    });
  });
});
