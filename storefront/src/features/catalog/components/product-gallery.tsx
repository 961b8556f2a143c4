import { useState } from 'react';
import { ProductImage } from '@/features/catalog/components/product-image';
import { IMAGE_SIZES } from '@/features/catalog/image-sources';

interface Props {
  productId: number;
  /** The chosen variant's pictures (its own, or the product's when it has none). */
  images: readonly string[];
  alt: string;
}

/**
 * The product page's pictures: the first large (the page's LCP image), the others as thumbnails that
 * show it. Keyed by the picture list, so choosing another variant starts at its first picture.
 */
export function ProductGallery(props: Props) {
  return <Gallery key={props.images.join('|')} {...props} />;
}

function Gallery({ productId, images, alt }: Props) {
  const [shown, setShown] = useState(0);
  const src = images[shown] ?? images[0] ?? null;
  return (
    <div>
      <div className="overflow-hidden rounded-2xl bg-stone-100">
        <ProductImage
          key={src ?? ''}
          id={productId}
          src={src}
          alt={alt}
          priority
          sizes={IMAGE_SIZES.detail}
          className="aspect-square w-full object-cover"
        />
      </div>
      {images.length > 1 && (
        <ul aria-label="Pictures" className="mt-3 flex flex-wrap gap-2">
          {images.map((image, i) => (
            <li key={image}>
              <button
                type="button"
                aria-label={`Show picture ${i + 1} of ${images.length}`}
                aria-pressed={i === shown}
                onClick={() => setShown(i)}
                className="block size-16 overflow-hidden rounded-lg border-2 border-transparent aria-pressed:border-amber-800 focus-visible:outline-2 focus-visible:outline-amber-700"
              >
                <ProductImage
                  id={productId}
                  src={image}
                  alt=""
                  sizes={IMAGE_SIZES.thumb}
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
