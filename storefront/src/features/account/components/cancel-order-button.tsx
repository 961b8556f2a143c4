import { toast } from '@/lib/toast';
import { useCancelOrder } from '@/features/account/api/cancel-order';

/** Cancel for an order that has not shipped (pending or processing); asks first. */
export function CancelOrderButton({
  userId,
  orderId,
  orderNumber,
}: {
  userId: string;
  orderId: string;
  orderNumber: string;
}) {
  const cancel = useCancelOrder(userId);
  return (
    <button
      type="button"
      disabled={cancel.isPending}
      onClick={() => {
        if (!window.confirm(`Cancel order ${orderNumber}?`)) return;
        cancel.mutate(orderId, {
          onSuccess: () => toast.success(`Order ${orderNumber} cancelled.`),
          onError: (e) => toast.error((e as { userMessage?: string }).userMessage ?? 'Please try again.'),
        });
      }}
      className="rounded-lg border border-red-700 px-3 py-1 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
    >
      Cancel Order<span className="sr-only"> {orderNumber}</span>
    </button>
  );
}
