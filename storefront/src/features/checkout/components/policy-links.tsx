import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

const linkClass = 'font-medium text-amber-800 underline';

/**
 * The policies a shopper agrees to, linked beside the button that places the order: the E-Commerce
 * Rules 2020 (r.7(1) for a store selling its own stock) want the return, refund, shipping and seller terms shown before the
 * purchase.
 */
export function PolicyLinks() {
  return (
    <p className="mt-3 text-xs text-stone-600" data-testid="policy-links">
      By placing the order you agree to our{' '}
      <Link to={paths.terms} className={linkClass}>
        Terms of Service
      </Link>
      ,{' '}
      <Link to={paths.returnsPolicy} className={linkClass}>
        Returns, refunds and cancellation
      </Link>{' '}
      and{' '}
      <Link to={paths.shippingPolicy} className={linkClass}>
        Shipping policy
      </Link>
      . Sold by the seller named in{' '}
      <Link to={paths.sellerDetails} className={linkClass}>
        Seller details
      </Link>
      .
    </p>
  );
}
