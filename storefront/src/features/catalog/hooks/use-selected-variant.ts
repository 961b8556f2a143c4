import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { variantFromUrl } from '@/features/catalog/variant-selection';
import { KEEP_SCROLL } from '@/lib/scroll-restoration';

interface UrlVariant {
  id: number;
  sku: string;
  is_default: boolean;
  is_active: boolean;
  option_values: readonly { option_id: number; value_id: number }[];
}

/**
 * The product page's chosen variant lives in the URL (`?variant=SKU`), so a shared link opens it.
 * A choice replaces the address (Back leaves the product rather than stepping through choices); an
 * unknown or inactive SKU shows the default variant and is dropped from the address.
 */
export function useSelectedVariant<V extends UrlVariant>(variants: readonly V[]) {
  const [params, setParams] = useSearchParams();
  const { variant, fellBack } = variantFromUrl(variants, params.get('variant'));
  useEffect(() => {
    if (!fellBack) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('variant');
        return next;
      },
      { replace: true, state: KEEP_SCROLL },
    );
  }, [fellBack, setParams]);
  const select = (v: V) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('variant', v.sku);
        return next;
      },
      { replace: true, state: KEEP_SCROLL },
    );
  return { variant, select };
}
