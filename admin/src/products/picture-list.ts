import { MAX_PICTURES } from '@/products/image-file';

/**
 * One row of the product's pictures on the form: one already saved (a URL) or one being resized and
 * uploaded from a chosen file. Only uploaded ones reach the record, in the order shown.
 */
export interface PictureItem {
  /** Stable across reorders (React key, drag source). */
  key: string;
  /** The public address of the full-size copy, once there is one. */
  url: string | null;
  /** The chosen file's name, or the address's last part. */
  name: string;
  state: 'uploading' | 'done' | 'failed';
  /** 0–100 while uploading. */
  progress: number;
  error?: string;
  /** A local object URL of the chosen file, shown until the upload is done. */
  preview?: string;
}

/** The record's pictures as rows: the main picture first, then the gallery, each once. */
export function picturesFromRecord(imageUrl: unknown, images: unknown): PictureItem[] {
  const urls = [imageUrl, ...(Array.isArray(images) ? images : [])].filter(
    (u): u is string => typeof u === 'string' && u.trim() !== '',
  );
  return [...new Set(urls)].map((url) => savedPicture(url));
}

export function savedPicture(url: string): PictureItem {
  const name = decodeURIComponent(url.split(/[?#]/)[0]!.split('/').pop() || url);
  return { key: `saved:${url}`, url, name, state: 'done', progress: 100 };
}

/** What the product row gets: the first uploaded picture is the main one, the rest the gallery. */
export function pictureFields(items: readonly PictureItem[]): {
  image_url: string | null;
  images: string[] | null;
} {
  const urls = items.flatMap((i) => (i.state === 'done' && i.url ? [i.url] : []));
  const [main = null, ...rest] = urls;
  return { image_url: main, images: rest.length > 0 ? rest : null };
}

/** The rows with the one at `from` moved to `to` (clamped to the list). */
export function movePicture(items: readonly PictureItem[], from: number, to: number): PictureItem[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from < 0 || from >= items.length || from === target) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}

export function updatePicture(
  items: readonly PictureItem[],
  key: string,
  patch: Partial<PictureItem>,
): PictureItem[] {
  return items.map((i) => (i.key === key ? { ...i, ...patch } : i));
}

/** How many of `wanted` more pictures fit (failed rows do not count: they are never saved). */
export function roomForPictures(items: readonly PictureItem[], wanted: number): number {
  const kept = items.filter((i) => i.state !== 'failed').length;
  return Math.max(0, Math.min(wanted, MAX_PICTURES - kept));
}

export const isUploading = (items: readonly PictureItem[]) => items.some((i) => i.state === 'uploading');

/** Runs the jobs with at most `limit` at a time (each decodes a large photo: memory, not network). */
export async function runPool(jobs: ReadonlyArray<() => Promise<void>>, limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
}
