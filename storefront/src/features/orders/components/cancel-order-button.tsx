import { toast } from '@/lib/toast';
import { useCancelOrder } from '@/features/orders/api/orders';

/** Cancel for an order that has not shipped (pending or processing); asks first. */
export function CancelOrderButton({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const cancel = useCancelOrder();
  return (
    <button
      type="button"
      disabled={cancel.isPending}
      onClick={() => {
        if (!window.confirm(`Cancel order ${orderNumber}?`)) return;
        cancel.mutate(orderId, {
          onSuccess: () => toast.success(`Order ${orderNumber} cancelled.`),
        });
      }}
      className="rounded-lg border border-red-700 px-3 py-1 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
    >
      Cancel Order<span className="sr-only"> {orderNumber}</span>
    </button>
  );
}
