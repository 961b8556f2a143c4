import { FULL_WIDTH, IMAGE_WIDTHS, uploadedImagePath } from 'shared/catalog/product-image-renditions';
import { toAdminError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { renditions } from '@/products/resize-picture';

/** Steps that move a file's progress bar: each copy made, then each copy uploaded. */
const STEPS = IMAGE_WIDTHS.length * 2;
/** The copies are named by a fresh UUID and never replaced: browsers and CDNs may keep them a year. */
const CACHE_SECONDS = String(365 * 24 * 3600);

/**
 * Resizes a chosen picture and uploads every copy to the product-images bucket; resolves to the
 * full-size copy's public URL (the address the product keeps; the storefront's srcset derives the
 * others from it). `onProgress` gets 0–100. A failed upload removes the copies already stored.
 */
export async function uploadPicture(file: File, onProgress: (percent: number) => void): Promise<string> {
  let done = 0;
  const step = () => onProgress(Math.round((++done / STEPS) * 100));
  const copies = await renditions(file, step);
  const id = crypto.randomUUID();
  const bucket = supabase.storage.from('product-images');
  const stored: string[] = [];
  for (const { width, blob } of copies) {
    const path = uploadedImagePath(id, width);
    const { error } = await bucket.upload(path, blob, {
      contentType: 'image/webp',
      cacheControl: CACHE_SECONDS,
      upsert: false,
    });
    if (error) {
      if (stored.length > 0) await bucket.remove(stored);
      throw new Error(`Upload failed: ${toAdminError(error).message}`);
    }
    stored.push(path);
    step();
  }
  return bucket.getPublicUrl(uploadedImagePath(id, FULL_WIDTH)).data.publicUrl;
}
