import { useQuery } from '@tanstack/react-query';
import { nameWithVariant } from 'shared/catalog/variant-title';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { OrderSummary } from '@/features/orders/api/orders';
import { returnQueries, type ReturnOption } from '@/features/orders/api/returns';
import { ReviewLineNote } from '@/features/orders/components/review-line-note';
import { notReturnableText, returnLineNote } from '@/features/orders/return-line';

const linkClass = 'font-medium text-amber-800 underline';

/**
 * An order's lines in the order history; a delivered order's lines say whether and until when they
 * can go back (order_return_options: the database's answer, not a date computed here), and offer a
 * review (or show the shopper's, with its status).
 */
export function OrderLines({ order }: { order: Pick<OrderSummary, 'id' | 'status' | 'items'> }) {
  const delivered = order.status === 'delivered';
  const options = useQuery({ ...returnQueries.options(order.id), enabled: delivered });
  const byLine = new Map((options.data ?? []).map((o) => [o.order_item_id, o]));
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {order.items.map((i) => {
        const option = byLine.get(i.id);
        return (
          // The variant's title as it was when ordered (a snapshot: renaming it later changes nothing).
          <li key={i.id}>
            {nameWithVariant(i.product_name, i.variant_title)} × {i.quantity}
            {option && (
              <LineNote orderId={order.id} option={option} madeToOrder={i.variant?.made_to_order === true} />
            )}
            {delivered && <ReviewLineNote orderId={order.id} item={i} />}
          </li>
        );
      })}
    </ul>
  );
}

function LineNote({
  orderId,
  option,
  madeToOrder,
}: {
  orderId: string;
  option: ReturnOption;
  madeToOrder: boolean;
}) {
  const note = returnLineNote(option);
  if (note.kind === 'none') return null;
  if (note.kind !== 'eligible') {
    return (
      <p className="text-stone-600" data-testid="return-line-note">
        {note.text}
      </p>
    );
  }
  const href = paths.orderReturn(orderId, option.order_item_id);
  return (
    <p className="text-stone-700" data-testid="return-line-note">
      {note.returnable ? (
        <>
          <Link to={href} className={linkClass}>
            Return or replace<span className="sr-only"> {option.product_name}</span>
          </Link>{' '}
          — window closes {note.closes}
        </>
      ) : (
        <>
          {notReturnableText(madeToOrder)}:{' '}
          <Link to={href} className={linkClass}>
            report a problem<span className="sr-only"> with {option.product_name}</span>
          </Link>{' '}
          by {note.closes}
        </>
      )}
    </p>
  );
}
