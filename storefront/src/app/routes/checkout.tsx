import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { deliveryFee } from 'shared/pricing/delivery';
import { roundMoney } from 'shared/pricing/money';
import {
  hasMissingField,
  REQUIRED_FIELDS_MESSAGE,
  shippingAddressSchema,
  type ShippingAddress,
  type ShippingAddressInput,
} from 'shared/schemas/checkout';
import { toast } from '@/lib/toast';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { useUser, useSessionReady } from '@/features/auth/hooks/use-session';
import { useCartStore } from '@/features/cart/cart-store';
import { productQueries } from '@/features/catalog/api/products';
import { checkoutQueries, savedAddressQueries, type PromoPreview } from '@/features/checkout/api/checkout';
import { OrderLinesSummary } from '@/features/checkout/components/order-lines-summary';
import { PaymentMethodChoice } from '@/features/checkout/components/payment-method-choice';
import { PromoBox } from '@/features/checkout/components/promo-box';
import { ShippingFields } from '@/features/checkout/components/shipping-fields';
import type { PaymentLine, PaymentMethod, PaymentState } from '@/features/checkout/payment-state';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  usePageTitle('Checkout', 'Shipping address, payment method and order summary.');
  const navigate = useNavigate();
  const user = useUser();
  const ready = useSessionReady();
  const lines = useCartStore((s) => s.lines);
  const ids = [...new Set(lines.map((l) => l.productId))].sort((a, b) => a - b);
  const products = useQuery({ ...productQueries.byIds(ids), enabled: ids.length > 0 });
  const rules = useQuery(checkoutQueries.storeRules());
  const saved = useQuery({ ...savedAddressQueries.list(user?.id ?? ''), enabled: Boolean(user) });
  const [method, setMethod] = useState<PaymentMethod>('razorpay');
  const [promo, setPromo] = useState<PromoPreview | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const meta = (user?.user_metadata ?? {}) as { full_name?: string; phone?: string };
  const { register, handleSubmit, getValues, reset, formState } = useForm<ShippingAddressInput>({
    resolver: zodResolver(shippingAddressSchema),
    values: {
      fullName: meta.full_name ?? '',
      email: user?.email ?? '',
      phone: meta.phone ?? '',
      address: '',
      city: '',
      state: '',
      pincode: '',
    },
    resetOptions: { keepDirtyValues: true },
  });

  if (lines.length === 0) {
    return <EmptyCartRedirect />;
  }
  if (!ready || products.isPending) return <PageSpinner />;
  if (products.isError) return <p role="alert">We could not load your cart. Please try again.</p>;

  const byId = new Map(products.data.map((p) => [p.id, p]));
  const items: PaymentLine[] = lines.flatMap((l) => {
    const p = byId.get(l.productId);
    return p
      ? [{ productId: p.id, name: p.name, price: p.price, qty: l.qty, color: l.color, size: l.size }]
      : [];
  });
  const subtotal = roundMoney(items.reduce((s, i) => s + i.price * i.qty, 0));
  const fee = deliveryFee(subtotal);
  const discount = promo?.applied ? Math.min(promo.discount, subtotal) : 0;
  const total = roundMoney(subtotal + fee - discount);
  const codMax = rules.data?.cod_max_order_total;
  const effectiveMethod: PaymentMethod =
    method === 'cod' && codMax !== undefined && total > codMax ? 'razorpay' : method;

  const proceed = (address: ShippingAddress) => {
    const state: PaymentState = {
      items,
      subtotal,
      deliveryFee: fee,
      discount,
      total,
      promoCode: promo?.applied ? promo.promo_code : null,
      address,
      method: effectiveMethod,
      idempotencyKey: crypto.randomUUID(),
    };
    navigate('/payment', { state });
  };

  // The spec's order of checks: signed in, then a cart, then every field; then the field rules.
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (!user) {
      toast.error('Please login to continue.');
      navigate(`${paths.login}?redirect=${encodeURIComponent(paths.checkout)}`);
      return;
    }
    if (items.length === 0) {
      toast.error('Your cart is empty.');
      navigate(paths.cart);
      return;
    }
    if (hasMissingField(getValues())) {
      setFormError(REQUIRED_FIELDS_MESSAGE);
      toast.error(REQUIRED_FIELDS_MESSAGE);
      return;
    }
    void handleSubmit((v) => proceed(v as unknown as ShippingAddress))();
  };

  return (
    <section aria-labelledby="checkout-title">
      <h1 id="checkout-title" className="mb-6 text-3xl font-bold">
        Checkout
      </h1>
      <form noValidate onSubmit={onSubmit} className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          {formError && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {formError}
            </p>
          )}
          <ShippingFields
            register={register}
            errors={formState.errors}
            saved={saved.data ?? []}
            onUseSaved={(a) =>
              reset({
                ...getValues(),
                fullName: a.full_name,
                phone: a.phone,
                address: a.address,
                city: a.city,
                state: a.state,
                pincode: a.pincode,
              })
            }
          />
          <PaymentMethodChoice value={effectiveMethod} onChange={setMethod} codMax={codMax} total={total} />
        </div>
        <OrderLinesSummary
          lines={items}
          subtotal={subtotal}
          deliveryFee={fee}
          discount={discount}
          total={total}
        >
          <PromoBox subtotal={subtotal} applied={promo} onApplied={setPromo} />
          <button
            type="submit"
            className="mt-4 w-full rounded-lg bg-amber-800 px-4 py-3 font-medium text-white hover:bg-amber-900"
          >
            Place Order
          </button>
        </OrderLinesSummary>
      </form>
    </section>
  );
}

/** An empty cart goes back to /cart with the spec's message (once, not on every render). */
function EmptyCartRedirect() {
  const [shown] = useState(() => {
    toast.error('Your cart is empty.', { id: 'cart-empty' }); // one toast, even when rendered twice
    return true;
  });
  return shown ? <Navigate to={paths.cart} replace /> : null;
}
