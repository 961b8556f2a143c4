import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractTar, tarMembers, withoutMembers } from './tar.ts';

/** A ustar member as PGlite's dumpDataDir writes one (name from `/`, octal fields, padded data). */
function member(name: string, data?: string): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0);
  header.write(data === undefined ? '0000755\0' : '0000666\0', 100);
  header.write(`${(data?.length ?? 0).toString(8).padStart(11, '0')}\0`, 124);
  header.write(data === undefined ? '5' : '0', 156);
  header.write('ustar\x0000', 257);
  const body = Buffer.alloc(Math.ceil((data?.length ?? 0) / 512) * 512);
  if (data) body.write(data);
  return Buffer.concat([header, body]);
}
const tarOf = (...members: Buffer[]) => Buffer.concat([...members, Buffer.alloc(1024)]);
const readerOf = (tar: Buffer) => (into: Buffer, at: number) => tar.copy(into, 0, at, at + into.length);

const root = mkdtempSync(join(tmpdir(), 'sl-tar-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('tar (PGlite dumps)', () => {
  const tar = tarOf(member('/base'), member('/base/1', 'x'.repeat(600)), member('/PG_VERSION', '18\n'));

  it('lists members without the leading slash', () => {
    expect([...tarMembers(readerOf(tar))].map((m) => [m.name, m.kind, m.size])).toEqual([
      ['base', 'dir', 0],
      ['base/1', 'file', 600],
      ['PG_VERSION', 'file', 3],
    ]);
  });

  it('drops members and keeps the others byte for byte', () => {
    const kept = withoutMembers(tar, (m) => m.name === 'base/1');
    expect([...tarMembers(readerOf(kept))].map((m) => m.name)).toEqual(['base', 'PG_VERSION']);
  });

  it('writes the files into a folder', () => {
    const file = join(root, 'a.tar');
    writeFileSync(file, tar);
    extractTar(file, join(root, 'a'));
    expect(readdirSync(join(root, 'a')).sort()).toEqual(['PG_VERSION', 'base']);
    expect(readFileSync(join(root, 'a', 'base', '1'), 'utf8')).toBe('x'.repeat(600));
    expect(readFileSync(join(root, 'a', 'PG_VERSION'), 'utf8')).toBe('18\n');
  });

  it('refuses a member that would leave the folder', () => {
    const file = join(root, 'evil.tar');
    writeFileSync(file, tarOf(member('/../outside', 'no')));
    expect(() => extractTar(file, join(root, 'evil'))).toThrow(/leaves its folder/);
    expect(readdirSync(root)).not.toContain('outside');
  });
});
