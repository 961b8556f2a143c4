import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import {
  returnQueries,
  useCancelReturn,
  type OrderRefund,
  type OrderReturn,
} from '@/features/orders/api/returns';
import { ProgressSteps } from '@/features/orders/components/progress-steps';
import { isCancellable, refundSteps, returnSteps } from '@/features/orders/return-progress';
import { toast } from '@/lib/toast';

/**
 * An order's returns with their progress, and the refunds that belong to no return (a cancelled
 * prepaid order's), for its owner: in the order history and on the tracking page. `offerReturn`
 * adds the link to the return form while any line may still go back.
 */
export function OrderReturns({ orderId, offerReturn }: { orderId: string; offerReturn: boolean }) {
  const progress = useQuery(returnQueries.progress(orderId));
  const options = useQuery({ ...returnQueries.options(orderId), enabled: offerReturn });
  if (!progress.data) return null;
  const { returns, refunds } = progress.data;
  const orderRefunds = refunds.filter((r) => r.return_id === null);
  const canReturn = (options.data ?? []).some((o) => o.eligible);
  if (returns.length === 0 && orderRefunds.length === 0 && !canReturn) return null;
  return (
    <div className="mt-3 space-y-3">
      {returns.map((r) => (
        <ReturnCard key={r.id} ret={r} refunds={refunds.filter((f) => f.return_id === r.id)} />
      ))}
      {orderRefunds.length > 0 && (
        <section aria-label="Refund" className="rounded-lg bg-stone-50 p-3" data-testid="order-refund">
          <h3 className="text-sm font-semibold">Refund</h3>
          <ProgressSteps steps={refundSteps(orderRefunds)} label="Refund progress" />
        </section>
      )}
      {canReturn && (
        <Link
          to={paths.orderReturn(orderId)}
          className="inline-block rounded-lg border border-amber-800 px-3 py-1 text-sm font-medium text-amber-800 hover:bg-amber-50"
        >
          Return or replace items
        </Link>
      )}
    </div>
  );
}

function ReturnCard({ ret, refunds }: { ret: OrderReturn; refunds: OrderRefund[] }) {
  const cancel = useCancelReturn();
  return (
    <section
      aria-label={`Return ${ret.return_number}`}
      className="rounded-lg bg-stone-50 p-3"
      data-testid="return-progress"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">
          Return {ret.return_number}
          <span className="font-normal text-stone-600">
            {' '}
            · {ret.resolution === 'replacement' ? 'Replacement' : 'Refund'}
          </span>
        </h3>
        {isCancellable(ret.status) && (
          <button
            type="button"
            disabled={cancel.isPending}
            onClick={() => {
              if (!window.confirm(`Cancel return ${ret.return_number}?`)) return;
              cancel.mutate(ret.id, {
                onSuccess: () => toast.success(`Return ${ret.return_number} cancelled.`),
              });
            }}
            className="rounded-lg border border-red-700 px-3 py-1 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
          >
            Cancel return<span className="sr-only"> {ret.return_number}</span>
          </button>
        )}
      </div>
      <ProgressSteps steps={returnSteps(ret, refunds)} label={`Return ${ret.return_number} progress`} />
    </section>
  );
}
