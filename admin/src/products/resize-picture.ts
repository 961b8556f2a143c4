import { IMAGE_WIDTHS, type ImageWidth } from 'shared/catalog/product-image-renditions';
import { centreSquare, MAX_RENDITION_BYTES, WEBP_QUALITIES } from '@/products/image-file';

export interface Rendition {
  width: ImageWidth;
  blob: Blob;
}

export const UNREADABLE = 'This file could not be read as a picture.';
export const NO_WEBP =
  'This browser cannot make WebP pictures. Please use a current Chrome, Edge or Firefox.';
export const TOO_DETAILED = 'This picture stays over 1 MB as WebP. Please choose a simpler one.';

function canvasOf(side: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  return canvas;
}

function webp(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/webp', quality));
}

/** The smallest-loss WebP of the canvas that fits the bucket; Safari's PNG fallback is refused. */
async function encode(canvas: HTMLCanvasElement): Promise<Blob> {
  for (const quality of WEBP_QUALITIES) {
    const blob = await webp(canvas, quality);
    if (!blob || blob.type !== 'image/webp') throw new Error(NO_WEBP);
    if (blob.size <= MAX_RENDITION_BYTES) return blob;
  }
  throw new Error(TOO_DETAILED);
}

/**
 * The chosen picture as square WebP copies at every width the storefront's srcset names, largest
 * first: the centre square (what the storefront's `object-cover` boxes show), turned upright by its
 * EXIF orientation, drawn with high-quality smoothing; each smaller copy is drawn from the one before
 * (halving keeps it sharp). `onStep` is called after each copy is made.
 */
export async function renditions(file: Blob, onStep: () => void = () => {}): Promise<Rendition[]> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new Error(UNREADABLE);
  }
  const { x, y, side } = centreSquare(bitmap.width, bitmap.height);
  const widths = [...IMAGE_WIDTHS].sort((a, b) => b - a);
  const out: Rendition[] = [];
  let source: CanvasImageSource = bitmap;
  let from = { x, y, side };
  try {
    for (const width of widths) {
      const canvas = canvasOf(width);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error(UNREADABLE);
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(source, from.x, from.y, from.side, from.side, 0, 0, width, width);
      out.push({ width, blob: await encode(canvas) });
      onStep();
      source = canvas;
      from = { x: 0, y: 0, side: width };
    }
  } finally {
    bitmap.close();
  }
  return out;
}
