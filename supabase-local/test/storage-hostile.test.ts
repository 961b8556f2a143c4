/**
 * Hostile input to Storage: bodies over the bucket's and the server's limits (declared or not),
 * types a bucket does not allow, object names that try to leave their folder, and bad JWTs. Each
 * gets a clear 4xx in Storage's error shape, and nothing is written: no row, no file, no temp file.
 * Paths go out byte for byte (node:http), since fetch would normalise `..` away before sending.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromToml } from '../src/config.ts';
import { mintJwt } from '../src/testing/jwt.ts';
import {
  ADMIN_ID,
  client,
  filesUnder,
  forEachStorageServer,
  raw,
  userJwt,
} from './support/storage-server.ts';

const SQL = `
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
  values ('small', 'small', true, 1024, array['image/*', 'text/plain']);
insert into storage.buckets (id, name, public) values ('open', 'open', true);
create policy "authenticated users write" on storage.objects for insert to authenticated
  with check (bucket_id in ('small', 'open'));
create policy "everyone reads" on storage.objects for select to anon, authenticated
  using (bucket_id in ('small', 'open'));
`;

// The server-wide limit ([storage] file_size_limit) is small here, so going over it is cheap.
const config = fromToml({ storage: { file_size_limit: '64KB' } });

forEachStorageServer('storage hostile input', { sql: SQL, config }, ({ server, root }) => {
  let token = '';
  let snapshot: string[] = [];
  const auth = () => ({ authorization: `Bearer ${token}` });
  const rows = async () =>
    (await server().db.query<{ n: number }>(`select count(*)::int as n from storage.objects`)).rows[0]!.n;

  beforeAll(async () => {
    token = userJwt(server(), ADMIN_ID);
    // one legitimate object, so that "nothing written" is checked against a non-empty store
    const ok = await raw(server(), 'POST', '/storage/v1/object/open/keep.txt', {
      headers: { ...auth(), 'content-type': 'text/plain' },
      body: 'keep',
    });
    expect(ok.status).toBe(200);
    snapshot = filesUnder(root());
  });

  /** The store is exactly as before: one row, the same files, no temp file left. */
  async function expectNothingWritten() {
    expect(await rows()).toBe(1);
    expect(filesUnder(root())).toEqual(snapshot);
  }

  describe('oversize bodies', () => {
    it('refuses a raw body over the bucket limit before reading it (declared Content-Length)', async () => {
      const res = await raw(server(), 'POST', '/storage/v1/object/small/big.txt', {
        headers: { ...auth(), 'content-type': 'text/plain' },
        body: Buffer.alloc(4096, 'a'),
      });
      expect(res.status).toBe(400);
      expect(res.json()).toEqual({
        statusCode: '413',
        code: 'EntityTooLarge',
        error: 'Payload too large',
        message: 'The object exceeded the maximum allowed size',
      });
      await expectNothingWritten();
    });

    it('stops a chunked body (no Content-Length) at the limit', async () => {
      const chunks = Array.from({ length: 8 }, () => Buffer.alloc(512, 'b'));
      const res = await raw(server(), 'POST', '/storage/v1/object/small/chunked.txt', {
        headers: { ...auth(), 'content-type': 'text/plain', 'transfer-encoding': 'chunked' },
        body: chunks,
      });
      expect([res.status, res.json().statusCode]).toEqual([400, '413']);
      await expectNothingWritten();
    });

    it('stops a multipart upload over the limit', async () => {
      const { error } = await client(server(), token)
        .storage.from('small')
        .upload('blob.png', new Blob([Buffer.alloc(2048)], { type: 'image/png' }));
      expect(error).toMatchObject({ status: 400, statusCode: '413' });
      await expectNothingWritten();
    });

    it('holds every bucket to the server-wide limit, and refuses buckets above it', async () => {
      const res = await raw(server(), 'POST', '/storage/v1/object/open/huge.bin', {
        headers: { ...auth(), 'content-type': 'application/octet-stream' },
        body: Buffer.alloc(65 * 1024),
      });
      expect(res.json().statusCode).toBe('413');
      await expectNothingWritten();
      const service = client(server(), server().serviceRoleKey).storage;
      expect(
        (await service.createBucket('too-big', { public: true, fileSizeLimit: '1GB' })).error,
      ).toMatchObject({
        statusCode: '413',
      });
    });

    it('answers a JSON body over its limit with 413', async () => {
      const res = await raw(server(), 'POST', '/storage/v1/object/list/open', {
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({ prefix: 'x'.repeat(6 * 1024 * 1024) }),
      });
      expect([res.status, res.json().statusCode]).toEqual([413, '413']);
    });

    it('refuses a type the bucket does not allow', async () => {
      const res = await raw(server(), 'POST', '/storage/v1/object/small/page.html', {
        headers: { ...auth(), 'content-type': 'text/html' },
        body: '<script>alert(1)</script>',
      });
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: '415',
        code: 'InvalidMimeType',
        message: 'mime type text/html is not supported',
      });
      await expectNothingWritten();
    });
  });

  describe('object names that try to leave their folder', () => {
    const hostileKeys = [
      '../escape.txt',
      'a/../../escape.txt',
      '..%2F..%2Fescape.txt',
      '%2e%2e/%2e%2e/escape.txt',
      'a/%2E%2E/%2E%2E/%2E%2E/escape.txt',
      '%2Fetc%2Fpasswd',
      '/etc/passwd',
      'a//b.txt',
      './a.txt',
      'a%00.txt',
      'a%5C..%5C..%5Cescape.txt',
      'nul%00/../escape.txt',
      '%E2%80%AE.txt',
      '%ZZ.txt',
      'x'.repeat(300),
    ];

    for (const key of hostileKeys) {
      it(`refuses to store "${key.length > 40 ? `${key.slice(0, 20)}… (${key.length} chars)` : key}"`, async () => {
        const res = await raw(server(), 'POST', `/storage/v1/object/open/${key}`, {
          headers: { ...auth(), 'content-type': 'text/plain' },
          body: 'escaped',
        });
        expect(res.status).toBe(400);
        expect(res.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
        expect(res.json().message).toMatch(/^Invalid key: /);
        await expectNothingWritten();
        expect(existsSync(join(dirname(root()), 'escape.txt'))).toBe(false);
        expect(existsSync(join(root(), 'escape.txt'))).toBe(false);
      });
    }

    it('refuses the same names when reading, deleting, moving, copying and signing', async () => {
      const tries: [string, string, Record<string, unknown>?][] = [
        ['GET', '/storage/v1/object/public/open/..%2F..%2Fetc%2Fpasswd'],
        ['GET', '/storage/v1/object/authenticated/open/a/../../keep.txt'],
        ['GET', '/storage/v1/object/info/public/open/%2e%2e/keep.txt'],
        ['DELETE', '/storage/v1/object/open/../open/keep.txt'],
        ['PUT', '/storage/v1/object/open/..%2Fkeep.txt'],
        ['POST', '/storage/v1/object/sign/open/..%2F..%2Fkeep.txt', { expiresIn: 60 }],
        [
          'POST',
          '/storage/v1/object/move',
          { bucketId: 'open', sourceKey: 'keep.txt', destinationKey: '../../moved.txt' },
        ],
        [
          'POST',
          '/storage/v1/object/copy',
          { bucketId: 'open', sourceKey: '../keep.txt', destinationKey: 'copied.txt' },
        ],
      ];
      for (const [method, path, body] of tries) {
        const res = await raw(server(), method, path, {
          headers: { ...auth(), 'content-type': body ? 'application/json' : 'text/plain' },
          body: body ? JSON.stringify(body) : method === 'PUT' ? 'x' : undefined,
        });
        expect([method, path, res.status, res.json().code]).toEqual([method, path, 400, 'InvalidKey']);
      }
      await expectNothingWritten();
    });

    it('refuses bucket names that are paths', async () => {
      for (const bucket of ['..', '..%2F..%2Ftmp', '.', 'a%2Fb']) {
        const res = await raw(server(), 'POST', `/storage/v1/object/${bucket}/x.txt`, {
          headers: { ...auth(), 'content-type': 'text/plain' },
          body: 'x',
        });
        expect([bucket, res.status, res.json().code]).toEqual([bucket, 400, 'InvalidBucketName']);
      }
      const service = client(server(), server().serviceRoleKey).storage;
      expect((await service.createBucket('..')).error).toMatchObject({
        statusCode: '400',
        message: expect.stringMatching(/^Bucket name invalid/),
      });
      await expectNothingWritten();
    });
  });

  describe('bad JWTs', () => {
    const now = () => Math.floor(Date.now() / 1000);
    const cases: [string, () => string, string][] = [
      ['malformed', () => 'not-a-jwt', 'Invalid Compact JWS'],
      ['three garbage parts', () => 'a.b.c', 'JWS Protected Header is invalid'],
      [
        'signed with another secret',
        () =>
          mintJwt('another-secret-another-secret-another-secret', { role: 'service_role', exp: now() + 60 }),
        'signature verification failed',
      ],
      [
        'expired',
        () => server().signJwt({ role: 'authenticated', sub: ADMIN_ID, exp: now() - 120 }),
        '"exp" claim timestamp check failed',
      ],
      [
        'alg none',
        () =>
          `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.`,
        '"alg" (Algorithm) Header Parameter value not allowed',
      ],
    ];

    for (const [name, jwt, message] of cases) {
      it(`refuses an upload with a ${name} token: 4xx, nothing written`, async () => {
        const res = await raw(server(), 'POST', '/storage/v1/object/open/forged.txt', {
          headers: { authorization: `Bearer ${jwt()}`, 'content-type': 'text/plain' },
          body: 'forged',
        });
        expect(res.status).toBe(400);
        expect(res.json()).toEqual({
          statusCode: '403',
          code: 'AccessDenied',
          error: 'Unauthorized',
          message,
        });
        await expectNothingWritten();
      });
    }

    it('refuses a request without any token, except public reads', async () => {
      const res = await raw(server(), 'POST', '/storage/v1/object/open/anon.txt', {
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      });
      expect([res.status, res.json().code]).toEqual([400, 'AccessDenied']);
      const read = await raw(server(), 'GET', '/storage/v1/object/public/open/keep.txt');
      expect([read.status, read.text]).toEqual([200, 'keep']);
      // downloads treat a bad token as no token (Storage's allowInvalidJwt): public buckets only
      const garbage = await raw(server(), 'GET', '/storage/v1/object/open/keep.txt', {
        headers: { authorization: 'Bearer x.y.z' },
      });
      expect([garbage.status, garbage.text]).toEqual([200, 'keep']);
      await expectNothingWritten();
    });

    it('refuses a JWT whose role does not exist', async () => {
      const jwt = server().signJwt({ role: 'no_such_role', exp: now() + 60 });
      const res = await raw(server(), 'POST', '/storage/v1/object/list/open', {
        headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
        body: '{"prefix":""}',
      });
      expect([res.status, res.json().code]).toEqual([400, 'AccessDenied']);
    });

    it('refuses signed-URL tokens used for another object, another action, or forged', async () => {
      const service = client(server(), server().serviceRoleKey).storage.from('open');
      const { data } = await service.createSignedUrl('keep.txt', 60);
      const tokenFor = new URL(data!.signedUrl).searchParams.get('token')!;
      const other = await raw(server(), 'GET', `/storage/v1/object/sign/open/other.txt?token=${tokenFor}`);
      expect(other.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });
      const upload = await raw(
        server(),
        'PUT',
        `/storage/v1/object/upload/sign/open/keep.txt?token=${tokenFor}`,
        {
          headers: { 'content-type': 'text/plain' },
          body: 'overwrite',
        },
      );
      expect(upload.json()).toMatchObject({
        code: 'InvalidSignature',
        message: 'Token is not scoped for upload',
      });
      const forged = mintJwt('another-secret-another-secret-another-secret', {
        url: 'open/keep.txt',
        scope: 'download',
        exp: now() + 60,
      });
      const bad = await raw(server(), 'GET', `/storage/v1/object/sign/open/keep.txt?token=${forged}`);
      expect(bad.json()).toMatchObject({ code: 'InvalidJWT', message: 'signature verification failed' });
      await expectNothingWritten();
    });
  });
});
