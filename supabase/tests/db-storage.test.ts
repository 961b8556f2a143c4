/**
 * The product-images bucket as the store's migration makes it, through supabase-js Storage over
 * HTTP (PGlite and PostgreSQL): a fresh admin uploads, replaces and deletes; anyone reads; customers,
 * visitors, a self-declared admin and an admin signed in over 8 hours ago cannot write; only
 * WebP up to 1 MB is accepted (the admin uploads the square WebP copies it makes, never originals).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachServer, storageSurface } from 'supabase-local/testing';
import { addPeople, PEOPLE, STORE_PATHS, storeClient, type Person } from './support/store.ts';

const root = mkdtempSync(join(tmpdir(), 'sl-store-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// A 1x1 WebP.
const WEBP = Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64');

let n = 0;
forEachServer(
  'product-images bucket',
  {
    migrationsDir: STORE_PATHS.migrationsDir,
    seedPaths: [],
    surfaces: { storage: (ctx) => storageSurface({ root: join(root, String(++n)) })(ctx) },
  },
  ({ server }) => {
    const images = (p?: Person) => storeClient(server(), p).storage.from('product-images');
    beforeAll(() => addPeople(server().db));

    it('is public, WebP only, up to 1 MB', async () => {
      const { rows } = await server().db.query<{
        public: boolean;
        file_size_limit: string;
        allowed_mime_types: string[];
      }>(
        `select public, file_size_limit::text, allowed_mime_types from storage.buckets where id = 'product-images'`,
      );
      expect(rows[0]).toEqual({
        public: true,
        file_size_limit: '1048576',
        allowed_mime_types: ['image/webp'],
      });
    });

    it('lets a fresh admin upload, replace and delete; anyone reads', async () => {
      const up = await images(PEOPLE.admin).upload('sofas/new-sofa.webp', WEBP, {
        contentType: 'image/webp',
      });
      expect(up.error).toBeNull();
      const url = images().getPublicUrl('sofas/new-sofa.webp').data.publicUrl;
      expect((await fetch(url)).status).toBe(200);
      const download = await images(PEOPLE.customerA).download('sofas/new-sofa.webp');
      expect(download.error).toBeNull();
      const replaced = await images(PEOPLE.admin).update('sofas/new-sofa.webp', WEBP, {
        contentType: 'image/webp',
      });
      expect(replaced.error).toBeNull();
      const removed = await images(PEOPLE.admin).remove(['sofas/new-sofa.webp']);
      expect(removed.error).toBeNull();
      expect(removed.data).toHaveLength(1);
    });

    it.each([
      ['a visitor', undefined],
      ['a customer', PEOPLE.customerA],
      ['a customer claiming admin in their own metadata', PEOPLE.pretender],
      ['an admin signed in 9 hours ago', PEOPLE.staleAdmin],
    ])('refuses uploads, replacements and deletions from %s', async (_who, person) => {
      await images(PEOPLE.admin).upload('chairs/keep.webp', WEBP, {
        contentType: 'image/webp',
        upsert: true,
      });
      const up = await images(person).upload(`chairs/${n}-${Math.random()}.webp`, WEBP, {
        contentType: 'image/webp',
      });
      expect(up.error).not.toBeNull();
      const replaced = await images(person).update('chairs/keep.webp', Buffer.from('not a picture'), {
        contentType: 'image/webp',
      });
      expect(replaced.error).not.toBeNull();
      const removed = await images(person).remove(['chairs/keep.webp']);
      expect(removed.data ?? []).toHaveLength(0);
      expect((await images().download('chairs/keep.webp')).error).toBeNull();
    });

    describe('what it accepts', () => {
      it('refuses files that are not pictures', async () => {
        const { error } = await images(PEOPLE.admin).upload('notes/readme.txt', Buffer.from('hello'), {
          contentType: 'text/plain',
        });
        expect(error).not.toBeNull();
      });

      it('refuses pictures other than WebP: the admin converts them first', async () => {
        for (const [name, type] of [
          ['original.jpg', 'image/jpeg'],
          ['original.png', 'image/png'],
          ['original.avif', 'image/avif'],
        ]) {
          const { error } = await images(PEOPLE.admin).upload(`products/${name}`, WEBP, {
            contentType: type,
          });
          expect(error, type).not.toBeNull();
        }
      });

      it('refuses a WebP over 1 MB and takes one of 1 MB', async () => {
        const big = Buffer.concat([WEBP, Buffer.alloc(1024 * 1024 + 1 - WEBP.length)]);
        const over = await images(PEOPLE.admin).upload('products/big.webp', big, {
          contentType: 'image/webp',
        });
        expect(over.error).not.toBeNull();
        const fits = await images(PEOPLE.admin).upload('products/fits.webp', big.subarray(1), {
          contentType: 'image/webp',
        });
        expect(fits.error).toBeNull();
      });
    });
  },
);
