/**
 * Object bytes on disk, laid out as Storage's file backend lays them out: one folder per key and
 * one file per version, `<root>/objects/<bucket>/<key…>/<version>`. A write lands in `<root>/tmp`
 * first and is renamed into place only once the database row is written, so a refused or broken
 * upload leaves nothing behind; an overwritten version is removed after the new one is committed.
 *
 * Names reach this module already validated (names.ts), and every path is checked once more to be
 * inside its bucket folder, so no key can address a file elsewhere.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { once } from 'node:events';
import { dirname, join, resolve, sep } from 'node:path';
import { DEFAULT_DRAIN_CAP } from '../http/body.ts';
import { errors } from './errors.ts';

export interface Received {
  /** the temp file holding the bytes */
  tmp: string;
  size: number;
  /** hex MD5, Storage's (S3's) ETag for a single-part object */
  md5: string;
}

export class FileStore {
  private readonly objects: string;
  private readonly tmpDir: string;

  constructor(readonly root: string) {
    this.objects = resolve(root, 'objects');
    this.tmpDir = resolve(root, 'tmp');
  }

  /**
   * Creates the folders and removes temp files a crash left behind (only old ones: another server
   * on the same folder may be receiving right now).
   */
  async init(): Promise<void> {
    await mkdir(this.objects, { recursive: true });
    await mkdir(this.tmpDir, { recursive: true });
    const hourAgo = Date.now() - 3600_000;
    for (const f of await readdir(this.tmpDir).catch(() => [] as string[])) {
      const p = join(this.tmpDir, f);
      const st = await stat(p).catch(() => undefined);
      if (st && st.mtimeMs < hourAgo) await rm(p, { force: true, recursive: true });
    }
  }

  bucketDir(bucket: string): string {
    const dir = resolve(this.objects, bucket);
    if (!dir.startsWith(this.objects + sep)) throw errors.invalidBucketName(bucket);
    return dir;
  }

  pathOf(bucket: string, key: string, version: string): string {
    const base = this.bucketDir(bucket);
    const p = resolve(base, ...key.split('/'), version);
    if (!p.startsWith(base + sep)) throw errors.invalidKey(key);
    return p;
  }

  /**
   * Streams a request body into a temp file. Past `limit` bytes it stops writing, reads the rest
   * away (so the client gets the answer instead of a reset), and throws EntityTooLarge.
   */
  async receive(req: IncomingMessage, limit: number): Promise<Received> {
    const tmp = join(this.tmpDir, randomUUID());
    const out = createWriteStream(tmp, { flags: 'wx' });
    const hash = createHash('md5');
    let size = 0;
    let over = false;
    try {
      for await (const chunk of req as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (over || size > limit) {
          over = true;
          if (size - limit > DEFAULT_DRAIN_CAP) throw errors.entityTooLarge();
          continue;
        }
        hash.update(chunk);
        if (!out.write(chunk)) await once(out, 'drain');
      }
      out.end();
      await once(out, 'close');
      if (over) throw errors.entityTooLarge();
      return { tmp, size, md5: hash.digest('hex') };
    } catch (e) {
      out.destroy();
      await unlink(tmp).catch(() => {});
      throw e;
    }
  }

  /** Bytes already in memory (a multipart file part) into a temp file. */
  async receiveBuffer(bytes: Uint8Array): Promise<Received> {
    const tmp = join(this.tmpDir, randomUUID());
    await writeFile(tmp, bytes, { flag: 'wx' });
    return { tmp, size: bytes.byteLength, md5: createHash('md5').update(bytes).digest('hex') };
  }

  async discard(r: Received): Promise<void> {
    await unlink(r.tmp).catch(() => {});
  }

  /** Moves a received file to its place (inside the transaction that writes its row). */
  async place(r: Received, bucket: string, key: string, version: string): Promise<string> {
    const dest = this.pathOf(bucket, key, version);
    await mkdir(dirname(dest), { recursive: true });
    await rename(r.tmp, dest);
    return dest;
  }

  /** A copy of a stored version in the temp folder, to be placed like an upload. */
  async copyToTemp(from: ObjectRef): Promise<string> {
    const src = this.pathOf(from.bucket, from.key, from.version);
    const tmp = join(this.tmpDir, randomUUID());
    try {
      await copyFile(src, tmp);
    } catch {
      throw errors.noSuchKey();
    }
    return tmp;
  }

  async move(from: ObjectRef, to: ObjectRef): Promise<void> {
    const src = this.pathOf(from.bucket, from.key, from.version);
    const dest = this.pathOf(to.bucket, to.key, to.version);
    await mkdir(dirname(dest), { recursive: true });
    await rename(src, dest);
    await this.prune(from.bucket, dirname(src));
  }

  /** Removes one version (best effort) and the folders it leaves empty. */
  async remove(ref: ObjectRef): Promise<void> {
    let p: string;
    try {
      p = this.pathOf(ref.bucket, ref.key, ref.version);
    } catch {
      return;
    }
    await unlink(p).catch(() => {});
    await this.prune(ref.bucket, dirname(p));
  }

  async removeFile(path: string): Promise<void> {
    await unlink(path).catch(() => {});
  }

  async removeBucket(bucket: string): Promise<void> {
    await rm(this.bucketDir(bucket), { recursive: true, force: true });
  }

  /** The stored size of a version; NoSuchKey when its file is missing. */
  async size(ref: ObjectRef): Promise<number> {
    try {
      return (await stat(this.pathOf(ref.bucket, ref.key, ref.version))).size;
    } catch {
      throw errors.noSuchKey();
    }
  }

  open(ref: ObjectRef, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.pathOf(ref.bucket, ref.key, ref.version), range);
  }

  /** rmdir upwards while empty, never above the bucket folder. */
  private async prune(bucket: string, from: string): Promise<void> {
    const stop = this.bucketDir(bucket);
    for (let dir = from; dir.startsWith(stop + sep); dir = dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        return;
      }
    }
  }
}

export interface ObjectRef {
  bucket: string;
  key: string;
  version: string;
}
