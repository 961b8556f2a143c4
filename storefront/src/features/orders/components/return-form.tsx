import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { primaryClass } from '@/components/ui/form-actions';
import type { OrderForReturn } from '@/features/orders/api/orders';
import {
  uploadReturnPhoto,
  useRequestReturn,
  type ReturnOption,
  type ReturnReason,
} from '@/features/orders/api/returns';
import { PickupFields } from '@/features/orders/components/pickup-fields';
import { RefundAccountFields } from '@/features/orders/components/refund-account-fields';
import { ReturnItemFields } from '@/features/orders/components/return-item-fields';
import { photoExtension, ReturnPhotos, useReturnPhotos } from '@/features/orders/components/return-photos';
import {
  NOTE_MAX,
  returnFormSchema,
  returnRequest,
  type ReturnFormValues,
} from '@/features/orders/return-schema';
import { toAppError } from '@/lib/errors';

interface Props {
  userId: string;
  order: OrderForReturn;
  /** the lines order_return_options says may go back now */
  options: readonly ReturnOption[];
  reasons: readonly ReturnReason[];
  pickupDates: readonly string[];
  /** the line the shopper started from (order history's "Return or replace") */
  preselect?: number;
  onRequested: (returnNumber: string) => void;
}

/**
 * The return form: items, quantities and reasons; photos when a reason needs them (uploaded to the
 * private bucket under the shopper's folder); refund or replacement; the pickup slot; for a COD
 * refund the account to pay it to. request_return decides; its refusal is shown above the button and
 * everything typed stays.
 */
export function ReturnForm({ userId, order, options, reasons, pickupDates, preselect, onRequested }: Props) {
  const cod = order.payment_method === 'cod';
  const schema = useMemo(
    () =>
      returnFormSchema({
        cod,
        lines: options.map((o) => ({
          orderItemId: o.order_item_id,
          returnableQuantity: o.returnable_quantity,
          returnable: o.returnable,
        })),
        storeFaultReasons: new Set(reasons.filter((r) => r.store_fault).map((r) => r.code)),
      }),
    [cod, options, reasons],
  );
  const form = useForm<ReturnFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      items: options.map((o) => ({
        orderItemId: String(o.order_item_id),
        selected: options.length === 1 || o.order_item_id === preselect,
        quantity: '1',
        reason: '',
      })),
      resolution: '',
      pickupDate: '',
      pickupWindow: '',
      note: '',
      refundTo: 'upi',
      upiId: '',
      accountName: '',
      accountNumber: '',
      ifsc: '',
    },
  });
  const [items, resolution] = useWatch({ control: form.control, name: ['items', 'resolution'] });
  const photos = useReturnPhotos();
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // One folder per form: a retried submit uploads only the photos not uploaded yet.
  const [draftId] = useState(() => crypto.randomUUID());
  const uploaded = useRef(new Map<number, string>());
  const request = useRequestReturn();
  const [uploading, setUploading] = useState(false);

  const photoReasons = new Set(reasons.filter((r) => r.needs_photos).map((r) => r.code));
  const needsPhotos = items.some((i) => i.selected && photoReasons.has(i.reason));

  // Checked with the other fields, so one press shows every problem at once.
  const photosMissing = () => {
    const missing = needsPhotos && photos.photos.length === 0;
    setPhotoError(missing ? 'Add at least one photo of the damage or problem.' : null);
    return missing;
  };

  const submit = async (values: ReturnFormValues) => {
    setRefusal(null);
    if (photosMissing()) return;
    try {
      setUploading(true);
      const paths: string[] = [];
      for (const p of needsPhotos ? photos.photos : []) {
        const path =
          uploaded.current.get(p.n) ??
          (await uploadReturnPhoto(`${userId}/${draftId}/${p.n}.${photoExtension(p.file)}`, p.file));
        uploaded.current.set(p.n, path);
        paths.push(path);
      }
      setUploading(false);
      const row = await request.mutateAsync({
        order_id: order.id,
        ...returnRequest(values, cod),
        photos: paths,
      });
      onRequested(row.return_number);
    } catch (e) {
      setUploading(false);
      setRefusal(toAppError(e).userMessage);
    }
  };

  const busy = uploading || request.isPending;
  return (
    <form
      noValidate
      onSubmit={(e) => void form.handleSubmit(submit, photosMissing)(e)}
      className="space-y-6"
      aria-describedby={refusal ? 'return-refusal' : undefined}
    >
      <ReturnItemFields form={form} options={options} reasons={reasons} />
      {needsPhotos && <ReturnPhotos state={photos} error={photoError} />}
      <fieldset className="space-y-2">
        <legend className="text-lg font-semibold">What would you like?</legend>
        <div className="flex flex-wrap gap-2">
          {(['refund', 'replacement'] as const).map((value) => (
            <label
              key={value}
              className="flex items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm has-[:checked]:border-amber-800 has-[:checked]:bg-amber-50"
            >
              <input type="radio" value={value} {...form.register('resolution')} />
              {value === 'refund' ? 'Refund' : 'Replacement'}
            </label>
          ))}
        </div>
        {form.formState.errors.resolution && (
          <p className="text-sm text-red-700">{form.formState.errors.resolution.message}</p>
        )}
      </fieldset>
      {cod && resolution === 'refund' && <RefundAccountFields form={form} />}
      <PickupFields form={form} address={order.shipping_address} dates={pickupDates} />
      <div className="flex flex-col gap-1">
        <label htmlFor="return-note" className="text-sm font-medium text-stone-800">
          Anything else we should know? (optional)
        </label>
        <textarea
          id="return-note"
          rows={3}
          maxLength={NOTE_MAX}
          className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm focus:border-amber-700 focus:outline-2 focus:outline-amber-700"
          {...form.register('note')}
        />
      </div>
      {refusal && (
        <p id="return-refusal" role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <button type="submit" className={primaryClass} disabled={busy}>
        {uploading ? 'Uploading photos…' : request.isPending ? 'Requesting…' : 'Request return'}
      </button>
    </form>
  );
}
