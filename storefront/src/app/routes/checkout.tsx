import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
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
import { addressQueries } from '@/features/addresses/api/addresses';
import { PlaceFields } from '@/features/addresses/components/place-fields';
import { DeliveryEstimate } from '@/features/delivery/components/delivery-estimate';
import { PINCODE, usePincodeStore } from '@/features/delivery/pincode-store';
import { blockingReason, codRefusal, undeliverableLines } from '@/features/delivery/quote-text';
import type { PromoPreview } from '@/features/checkout/api/checkout';
import { storeSettingsQueries } from '@/features/store/api/store-settings';
import { BusinessInvoiceFields } from '@/features/checkout/components/business-invoice-fields';
import { OrderLinesSummary } from '@/features/checkout/components/order-lines-summary';
import { PaymentMethodChoice } from '@/features/checkout/components/payment-method-choice';
import { PolicyLinks } from '@/features/checkout/components/policy-links';
import { PromoBox } from '@/features/checkout/components/promo-box';
import { ShippingFields } from '@/features/checkout/components/shipping-fields';
import type { PaymentLine, PaymentMethod, PaymentState } from '@/features/checkout/payment-state';
import { useBusinessInvoice } from '@/features/checkout/use-business-invoice';
import { usePageTitle } from '@/lib/use-page-title';
import { useGstPreview } from '@/app/hooks/use-gst-preview';
import { usePricedCart } from '@/app/hooks/use-priced-cart';

export function Component() {
  usePageTitle('Checkout', 'Shipping address, payment method and order summary.');
  const navigate = useNavigate();
  const user = useUser();
  const ready = useSessionReady();
  const [promo, setPromo] = useState<PromoPreview | null>(null);
  const rules = useQuery(storeSettingsQueries.checkoutRules());
  const saved = useQuery({ ...addressQueries.list(user?.id ?? ''), enabled: Boolean(user) });
  const [method, setMethod] = useState<PaymentMethod>('razorpay');
  const [formError, setFormError] = useState<string | null>(null);
  const meta = (user?.user_metadata ?? {}) as { full_name?: string; phone?: string };
  const { register, handleSubmit, getValues, setValue, reset, formState, control } = useForm<
    ShippingAddressInput,
    unknown,
    ShippingAddress
  >({
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
  const [pincode = '', city = '', state = ''] = useWatch({ control, name: ['pincode', 'city', 'state'] });
  // The address's pincode, once it is one, sets the fee, the dates, the lines it cannot take and COD.
  const shipTo = PINCODE.test(pincode.trim()) ? pincode.trim() : '';
  const { lines, products, cart, delivery } = usePricedCart(promo?.applied ? promo : null, shipTo);
  const remember = usePincodeStore((s) => s.remember);
  useEffect(() => remember(shipTo), [shipTo, remember]);
  const businessInvoice = useBusinessInvoice();
  // The answer for this pincode and this cart (not the last pincode's while the new one is asked).
  const quote = shipTo && delivery.data?.pincode === shipTo ? delivery.data : undefined;
  const tax = useGstPreview(cart, state);

  if (lines.length === 0) {
    return <EmptyCartRedirect />;
  }
  if (products.isError) return <p role="alert">We could not load your cart. Please try again.</p>;
  if (!ready || !cart) return <PageSpinner />;

  // Each line by the variant it was priced from (a product-only line: its product's default variant).
  const items: PaymentLine[] = cart.lines.map(({ line, product, variant }) => ({
    productId: product.id,
    variantId: variant.id,
    name: product.name,
    variantTitle: variant.title,
    sku: variant.sku,
    price: variant.price,
    qty: line.qty,
  }));
  const { subtotal, deliveryFee: fee, discount, total } = cart.summary;
  const codRefused = codRefusal(quote, rules.data?.cod_max_order_total, total);
  const effectiveMethod: PaymentMethod = method === 'cod' && codRefused ? 'razorpay' : method;

  const proceed = async (address: ShippingAddress) => {
    // place_order refuses the same; saying it here keeps the shopper on the page that can fix it.
    if (!quote && delivery.isFetching) {
      toast.error('Checking delivery to your pincode. Please try again in a moment.');
      return;
    }
    const refusal = quote ? blockingReason(quote) : null;
    if (refusal) {
      setFormError(refusal);
      toast.error(refusal);
      return;
    }
    const buyer = await businessInvoice.read();
    if (!buyer) return;
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
      ...buyer,
      tax,
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
    void handleSubmit(proceed)();
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
          >
            <PlaceFields
              register={{ pincode: register('pincode'), city: register('city'), state: register('state') }}
              errors={{
                pincode: formState.errors.pincode?.message,
                city: formState.errors.city?.message,
                state: formState.errors.state?.message,
              }}
              values={{ pincode, city, state }}
              current={() => {
                const v = getValues();
                return { pincode: v.pincode, city: v.city, state: v.state };
              }}
              fill={(place) => {
                const opts = { shouldDirty: true, shouldValidate: formState.isSubmitted };
                setValue('city', place.city, opts);
                setValue('state', place.state, opts);
              }}
            />
            {shipTo && (
              <DeliveryEstimate quote={quote} checking={delivery.isFetching} failed={delivery.isError} />
            )}
          </ShippingFields>
          <BusinessInvoiceFields invoice={businessInvoice} />
          <PaymentMethodChoice value={effectiveMethod} onChange={setMethod} codRefusal={codRefused} />
        </div>
        <OrderLinesSummary
          lines={items}
          lineProblems={undeliverableLines(quote)}
          subtotal={subtotal}
          deliveryFee={fee}
          discount={discount}
          total={total}
          tax={tax}
        >
          <PromoBox subtotal={subtotal} applied={promo} onApplied={setPromo} />
          <button
            type="submit"
            className="mt-4 w-full rounded-lg bg-amber-800 px-4 py-3 font-medium text-white hover:bg-amber-900"
          >
            Place Order
          </button>
          <PolicyLinks />
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
