import { discountPercent } from 'shared/pricing/discount';
import { formatINR } from 'shared/pricing/format';

/** What a product card shows of the price: its summary over the active variants. */
export interface PriceLine {
  /** "from ₹x": the variants differ in price and this is the lowest. */
  from: boolean;
  price: string;
  /** The cheapest variant's struck original price, when above its price. */
  original: string | null;
  /** Its discount badge (whole percent), 0 for none. */
  discount: number;
}

export function priceLine(p: {
  price: number;
  price_max: number | null;
  original_price: number | null;
}): PriceLine {
  const discount = discountPercent(p.price, p.original_price);
  return {
    from: p.price_max != null && p.price_max > p.price,
    price: formatINR(p.price),
    original: discount > 0 && p.original_price != null ? formatINR(p.original_price) : null,
    discount,
  };
}

/**
 * The MRP a listing declares (Legal Metrology (Packaged Commodities) Rules 2011 r.6(1)(e): the
 * maximum retail price, inclusive of all taxes): the struck original price when the product sells
 * below it, else the price itself. The store's prices already include GST.
 */
export function mrp(price: number, originalPrice: number | null): number {
  return originalPrice != null && originalPrice > price ? originalPrice : price;
}
