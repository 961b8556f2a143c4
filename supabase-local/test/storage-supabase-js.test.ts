/**
 * @supabase/storage-js (through supabase-js) against supabase-local's Storage, with the store's kind
 * of policies on storage.objects: a public `product-images` bucket that only admins
 * (app_metadata.role = 'admin' in the JWT) write, and a private `invoices` bucket where each
 * customer reads and writes only their own folder. Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import { describe, expect, it } from 'vitest';
import {
  ADMIN_ID,
  client,
  CUSTOMER_A,
  CUSTOMER_B,
  filesUnder,
  forEachStorageServer,
  userJwt,
} from './support/storage-server.ts';

const POLICIES = `
insert into storage.buckets (id, name, public) values ('product-images', 'product-images', true);
insert into storage.buckets (id, name, public) values ('invoices', 'invoices', false);

create policy "anyone reads product images" on storage.objects for select to anon, authenticated
  using (bucket_id = 'product-images');
create policy "admins upload product images" on storage.objects for insert to authenticated
  with check (bucket_id = 'product-images' and ((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "admins update product images" on storage.objects for update to authenticated
  using (bucket_id = 'product-images' and ((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')
  with check (bucket_id = 'product-images' and ((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "admins delete product images" on storage.objects for delete to authenticated
  using (bucket_id = 'product-images' and ((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

create policy "customers read their invoices" on storage.objects for select to authenticated
  using (bucket_id = 'invoices' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "customers upload their invoices" on storage.objects for insert to authenticated
  with check (bucket_id = 'invoices' and (storage.foldername(name))[1] = (select auth.uid())::text);
`;

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

forEachStorageServer('storage-js', { sql: POLICIES }, ({ server, root }) => {
  const admin = () => client(server(), userJwt(server(), ADMIN_ID, 'admin'));
  const customer = (id = CUSTOMER_A) => client(server(), userJwt(server(), id));
  const anon = () => client(server());
  const images = () => admin().storage.from('product-images');

  describe('upload and public read', () => {
    it('an admin uploads a product image; anyone reads it at its public URL', async () => {
      const { data, error } = await images().upload('chairs/oak.png', PNG, { contentType: 'image/png' });
      expect(error).toBeNull();
      expect(data).toMatchObject({ path: 'chairs/oak.png', fullPath: 'product-images/chairs/oak.png' });
      expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);

      const url = anon().storage.from('product-images').getPublicUrl('chairs/oak.png').data.publicUrl;
      expect(url).toBe(`${server().url}/storage/v1/object/public/product-images/chairs/oak.png`);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('max-age=3600');
      expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    });

    it('records the object in storage.objects with its owner and metadata, and the bytes on disk', async () => {
      const { rows } = await server().db.query<{
        owner: string;
        metadata: Record<string, unknown>;
        version: string;
      }>(
        `select owner::text, metadata, version from storage.objects where bucket_id = 'product-images' and name = 'chairs/oak.png'`,
      );
      expect(rows[0]!.owner).toBe(ADMIN_ID);
      expect(rows[0]!.metadata).toMatchObject({
        size: PNG.length,
        mimetype: 'image/png',
        cacheControl: 'max-age=3600',
      });
      expect(filesUnder(root())).toContain(`objects/product-images/chairs/oak.png/${rows[0]!.version}`);
    });

    it('uploads a Blob as multipart/form-data, taking the Blob type', async () => {
      const blob = new Blob([PNG], { type: 'image/webp' });
      const { error } = await images().upload('chairs/pine.webp', blob);
      expect(error).toBeNull();
      const { data } = await images().info('chairs/pine.webp');
      expect(data).toMatchObject({ contentType: 'image/webp', size: PNG.length, bucketId: 'product-images' });
    });

    it('downloads through the authenticated route too', async () => {
      const { data, error } = await anon().storage.from('product-images').download('chairs/oak.png');
      expect(error).toBeNull();
      expect(Buffer.from(await data!.arrayBuffer())).toEqual(PNG);
    });
  });

  describe('policies decide', () => {
    it('refuses an upload the policy forbids (a customer into product-images), writing nothing', async () => {
      const before = filesUnder(root());
      const { data, error } = await customer().storage.from('product-images').upload('chairs/fake.png', PNG);
      expect(data).toBeNull();
      expect(error).toMatchObject({
        status: 400,
        statusCode: '403',
        message: 'new row violates row-level security policy',
      });
      const { rows } = await server().db.query(
        `select 1 from storage.objects where name = 'chairs/fake.png'`,
      );
      expect(rows).toHaveLength(0);
      expect(filesUnder(root())).toEqual(before);
    });

    it('refuses an anonymous upload', async () => {
      const { error } = await anon().storage.from('product-images').upload('x.png', PNG);
      expect(error).toMatchObject({ statusCode: '403' });
    });

    it('keeps each customer to their own folder of a private bucket', async () => {
      const a = customer(CUSTOMER_A).storage.from('invoices');
      expect(
        (await a.upload(`${CUSTOMER_A}/inv-1.txt`, 'invoice 1', { contentType: 'text/plain' })).error,
      ).toBeNull();
      expect((await a.upload(`${CUSTOMER_B}/inv-1.txt`, 'not mine')).error).toMatchObject({
        statusCode: '403',
      });

      const mine = await a.download(`${CUSTOMER_A}/inv-1.txt`);
      expect(await mine.data!.text()).toBe('invoice 1');
      const b = customer(CUSTOMER_B).storage.from('invoices');
      expect((await b.download(`${CUSTOMER_A}/inv-1.txt`)).error).toMatchObject({ statusCode: '404' });
      expect((await b.list(CUSTOMER_A)).data).toEqual([]);
      expect((await a.list(CUSTOMER_A)).data!.map((o) => o.name)).toEqual(['inv-1.txt']);
      // a private bucket has no public URL
      const res = await fetch(
        anon().storage.from('invoices').getPublicUrl(`${CUSTOMER_A}/inv-1.txt`).data.publicUrl,
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
    });

    it('signs a download URL for what the caller can read, and only for that object', async () => {
      const a = customer(CUSTOMER_A).storage.from('invoices');
      const { data, error } = await a.createSignedUrl(`${CUSTOMER_A}/inv-1.txt`, 60);
      expect(error).toBeNull();
      const res = await fetch(data!.signedUrl);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('invoice 1');
      const other = await customer(CUSTOMER_B)
        .storage.from('invoices')
        .createSignedUrl(`${CUSTOMER_A}/inv-1.txt`, 60);
      expect(other.error).toMatchObject({ statusCode: '404' });
      const forged = data!.signedUrl.replace('inv-1.txt', 'inv-2.txt');
      expect((await fetch(forged)).status).toBe(400);
    });

    it('lets a customer delete nothing of product-images', async () => {
      const { data } = await customer().storage.from('product-images').remove(['chairs/oak.png']);
      expect(data).toEqual([]);
      expect((await images().exists('chairs/oak.png')).data).toBe(true);
    });
  });

  describe('list, update, move, copy, delete', () => {
    it('lists one folder level with limit, offset, sort and search', async () => {
      for (const n of ['b.png', 'a.png', 'c.png', 'deep/d.png']) {
        expect((await images().upload(`tables/${n}`, PNG, { contentType: 'image/png' })).error).toBeNull();
      }
      const all = await images().list('tables');
      expect(all.data!.map((o) => o.name)).toEqual(['a.png', 'b.png', 'c.png', 'deep']);
      expect(all.data![3]).toMatchObject({ id: null, metadata: null });
      expect(all.data![0]!.metadata).toMatchObject({ mimetype: 'image/png', size: PNG.length });
      const page = await images().list('tables', {
        limit: 2,
        offset: 1,
        sortBy: { column: 'name', order: 'desc' },
      });
      expect(page.data!.map((o) => o.name)).toEqual(['c.png', 'b.png']);
      const found = await images().list('tables', { search: 'B' });
      expect(found.data!.map((o) => o.name)).toEqual(['b.png']);
      const top = await images().list();
      expect(top.data!.map((o) => o.name)).toEqual(['chairs', 'tables']);
    });

    it('refuses to overwrite without upsert, overwrites with it, and replaces the file on disk', async () => {
      const dup = await images().upload('tables/a.png', Buffer.from('v2'));
      expect(dup.error).toMatchObject({
        status: 400,
        statusCode: '409',
        message: 'The resource already exists',
      });
      expect(
        (
          await images().upload('tables/a.png', Buffer.from('v2'), {
            upsert: true,
            contentType: 'text/plain',
          })
        ).error,
      ).toBeNull();
      expect(
        (await images().update('tables/a.png', Buffer.from('v3'), { contentType: 'text/plain' })).error,
      ).toBeNull();
      expect(await (await images().download('tables/a.png')).data!.text()).toBe('v3');
      expect(
        filesUnder(root()).filter((f) => f.startsWith('objects/product-images/tables/a.png/')),
      ).toHaveLength(1);
    });

    it('moves and copies objects', async () => {
      expect((await images().move('tables/b.png', 'archive/b.png')).error).toBeNull();
      expect((await images().exists('tables/b.png')).data).toBe(false);
      const copy = await images().copy('archive/b.png', 'archive/b-copy.png');
      expect(copy.data).toEqual({ path: 'product-images/archive/b-copy.png' });
      const a = await images().download('archive/b.png');
      const c = await images().download('archive/b-copy.png');
      expect(Buffer.from(await c.data!.arrayBuffer())).toEqual(Buffer.from(await a.data!.arrayBuffer()));
    });

    it('deletes objects and their files', async () => {
      const { data, error } = await images().remove(['archive/b.png', 'archive/b-copy.png', 'no/such.png']);
      expect(error).toBeNull();
      expect(data!.map((o) => o.name).sort()).toEqual(['archive/b-copy.png', 'archive/b.png']);
      expect(filesUnder(root()).some((f) => f.includes('/archive/'))).toBe(false);
      const gone = await fetch(images().getPublicUrl('archive/b.png').data.publicUrl);
      expect(await gone.json()).toMatchObject({
        statusCode: '404',
        error: 'not_found',
        message: 'Object not found',
      });
    });

    it('uploads through a signed upload URL', async () => {
      const signed = await images().createSignedUploadUrl('signed/one.txt');
      expect(signed.error).toBeNull();
      const put = await anon()
        .storage.from('product-images')
        .uploadToSignedUrl('signed/one.txt', signed.data!.token, 'via token');
      expect(put.error).toBeNull();
      expect(await (await images().download('signed/one.txt')).data!.text()).toBe('via token');
      const refused = await customer().storage.from('product-images').createSignedUploadUrl('signed/two.txt');
      expect(refused.error).toMatchObject({ statusCode: '403' });
    });
  });

  describe('buckets', () => {
    const service = () => client(server(), server().serviceRoleKey).storage;

    it('creates, reads, updates, lists, empties and deletes buckets with the service role', async () => {
      const created = await service().createBucket('avatars', {
        public: false,
        fileSizeLimit: '1MB',
        allowedMimeTypes: ['image/png', 'image/jpeg'],
      });
      expect(created).toEqual({ data: { name: 'avatars' }, error: null });
      const got = await service().getBucket('avatars');
      expect(got.data).toMatchObject({
        id: 'avatars',
        public: false,
        file_size_limit: 1_000_000,
        allowed_mime_types: ['image/png', 'image/jpeg'],
      });
      expect((await service().updateBucket('avatars', { public: true, fileSizeLimit: 2048 })).data).toEqual({
        message: 'Successfully updated',
      });
      expect((await service().getBucket('avatars')).data).toMatchObject({
        public: true,
        file_size_limit: 2048,
      });
      expect((await service().listBuckets()).data!.map((b) => b.id)).toEqual([
        'avatars',
        'invoices',
        'product-images',
      ]);
      expect(
        (await service().from('avatars').upload('me.png', PNG, { contentType: 'image/png' })).error,
      ).toBeNull();
      expect((await service().deleteBucket('avatars')).error).toMatchObject({ statusCode: '409' });
      expect((await service().emptyBucket('avatars')).data).toEqual({ message: 'Successfully emptied' });
      expect((await service().deleteBucket('avatars')).data).toEqual({ message: 'Successfully deleted' });
      expect((await service().getBucket('avatars')).error).toMatchObject({
        statusCode: '404',
        message: 'Bucket not found',
      });
      expect(filesUnder(root()).some((f) => f.startsWith('objects/avatars/'))).toBe(false);
    });

    it('lets RLS on storage.buckets decide: no policy, so users neither see nor create buckets', async () => {
      expect((await customer().storage.listBuckets()).data).toEqual([]);
      expect((await customer().storage.getBucket('product-images')).error).toMatchObject({
        statusCode: '404',
      });
      expect((await admin().storage.createBucket('mine')).error).toMatchObject({ statusCode: '403' });
      expect((await service().createBucket('product-images')).error).toMatchObject({ statusCode: '409' });
    });
  });
});
