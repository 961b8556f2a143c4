/**
 * The little of ustar that PGlite's `dumpDataDir('none')` writes (regular files and folders, names
 * under 256 bytes, `/`-rooted): enough to drop members from a dump and to write one out into a folder
 * with plain file writes, a chunk at a time, instead of through PGlite's in-memory file system.
 */
import { closeSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';

const BLOCK = 512;

export interface TarMember {
  /** relative path, without the leading `/` */
  name: string;
  kind: 'file' | 'dir';
  mode: number;
  size: number;
  /** byte offset of the member's header (its data follows) */
  offset: number;
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

function octal(block: Buffer, start: number, length: number): number {
  const text = field(block, start, length).trim();
  return text ? parseInt(text, 8) : 0;
}

/** The members of a tarball (a buffer, or a file read through `read`), in order. */
export function* tarMembers(read: (into: Buffer, position: number) => number): Generator<TarMember> {
  const header = Buffer.alloc(BLOCK);
  for (let offset = 0; ;) {
    if (read(header, offset) < BLOCK || header.every((b) => b === 0)) return;
    const prefix = field(header, 345, 155);
    const path = (prefix ? `${prefix}/` : '') + field(header, 0, 100);
    const name = path.replace(/^\/+/, '').replace(/\/+$/, '');
    const type = String.fromCharCode(header[156] ?? 0);
    const size = octal(header, 124, 12);
    if (type !== '0' && type !== '\0' && type !== '5')
      throw new Error(`tar member ${path}: type '${type}' is not a file or a folder`);
    if (name && (normalize(name).startsWith('..') || name.split('/').includes('..')))
      throw new Error(`tar member ${path} leaves its folder`);
    if (name) yield { name, kind: type === '5' ? 'dir' : 'file', mode: octal(header, 100, 8), size, offset };
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
}

/** The tarball without the members `drop` names (headers and data copied as they were). */
export function withoutMembers(tar: Buffer, drop: (m: TarMember) => boolean): Buffer {
  const parts: Buffer[] = [];
  const read = (into: Buffer, position: number) => tar.copy(into, 0, position, position + into.length);
  for (const m of tarMembers(read)) {
    if (drop(m)) continue;
    parts.push(tar.subarray(m.offset, m.offset + BLOCK + Math.ceil(m.size / BLOCK) * BLOCK));
  }
  parts.push(Buffer.alloc(BLOCK * 2)); // end of archive
  return Buffer.concat(parts);
}

/** Writes the tarball at `file` into the folder `dir` (created), a megabyte at a time. */
export function extractTar(file: string, dir: string): void {
  const fd = openSync(file, 'r');
  const chunk = Buffer.alloc(1 << 20);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const read = (into: Buffer, position: number) => readSync(fd, into, 0, into.length, position);
    let made = dir;
    for (const m of tarMembers(read)) {
      const path = join(dir, m.name.split('/').join(sep));
      if (m.kind === 'dir') {
        mkdirSync(path, { recursive: true, mode: 0o700 });
        continue;
      }
      if (dirname(path) !== made) mkdirSync((made = dirname(path)), { recursive: true, mode: 0o700 });
      const out = openSync(path, 'w', 0o600);
      try {
        for (let done = 0; done < m.size;) {
          const n = readSync(fd, chunk, 0, Math.min(chunk.length, m.size - done), m.offset + BLOCK + done);
          if (n <= 0) throw new Error(`${file}: ${m.name} is cut short`);
          writeSync(out, chunk, 0, n);
          done += n;
        }
      } finally {
        closeSync(out);
      }
    }
  } finally {
    closeSync(fd);
  }
}
