import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { addressSchema, type AddressInput } from 'shared/schemas/profile';
import { toast } from '@/lib/toast';
import { Field } from '@/components/ui/field';
import { PageSpinner } from '@/components/ui/page-spinner';
import { addressQueries, useSaveAddress, type AddressValues } from '@/features/addresses/api/addresses';
import { FormActions, primaryClass } from '@/components/ui/form-actions';
import { PlaceFields } from '@/features/addresses/components/place-fields';

/** The default shipping address: view, then Edit / Save / Cancel (add one when there is none). */
export function AddressTab({ userId }: { userId: string }) {
  const { data, isPending } = useQuery(addressQueries.list(userId));
  const [editing, setEditing] = useState(false);
  const save = useSaveAddress(userId);
  const form = useForm<AddressInput, unknown, AddressValues>({ resolver: zodResolver(addressSchema) });
  const [pincode = '', city = '', state = ''] = useWatch({
    control: form.control,
    name: ['pincode', 'city', 'state'],
  });

  if (isPending) return <PageSpinner />;
  const current = data?.[0];
  const values: AddressInput = {
    fullName: current?.full_name ?? '',
    phone: current?.phone ?? '',
    address: current?.address ?? '',
    city: current?.city ?? '',
    state: current?.state ?? '',
    pincode: current?.pincode ?? '',
  };

  if (!editing) {
    return (
      <div>
        {current ? (
          <address className="not-italic">
            <p className="font-medium">{current.full_name}</p>
            <p>{current.address}</p>
            <p>
              {current.city}, {current.state} {current.pincode}
            </p>
            <p>Phone: {current.phone}</p>
          </address>
        ) : (
          <p className="text-stone-600">You have not saved an address yet.</p>
        )}
        <button
          type="button"
          className={`${primaryClass} mt-6`}
          onClick={() => {
            form.reset(values);
            setEditing(true);
          }}
        >
          {current ? 'Edit' : 'Add Address'}
        </button>
      </div>
    );
  }

  const errors = form.formState.errors;
  return (
    <form
      noValidate
      className="grid max-w-2xl gap-4 sm:grid-cols-2"
      onSubmit={(e) =>
        void form.handleSubmit((v) =>
          save.mutate(
            { id: current?.id, values: v },
            {
              onSuccess: () => {
                toast.success('Address saved successfully!');
                setEditing(false);
              },
            },
          ),
        )(e)
      }
    >
      <Field
        label="Full Name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...form.register('fullName')}
      />
      <Field
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <div className="sm:col-span-2">
        <Field
          label="Address"
          autoComplete="street-address"
          error={errors.address?.message}
          {...form.register('address')}
        />
      </div>
      <div className="sm:col-span-2">
        <PlaceFields
          register={{
            pincode: form.register('pincode'),
            city: form.register('city'),
            state: form.register('state'),
          }}
          errors={{
            pincode: errors.pincode?.message,
            city: errors.city?.message,
            state: errors.state?.message,
          }}
          values={{ pincode, city, state }}
          current={() => {
            const v = form.getValues();
            return { pincode: v.pincode, city: v.city, state: v.state };
          }}
          fill={(place) => {
            const opts = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
            form.setValue('city', place.city, opts);
            form.setValue('state', place.state, opts);
          }}
        />
      </div>
      <FormActions
        saving={save.isPending}
        onCancel={() => setEditing(false)}
        className="flex gap-3 sm:col-span-2"
      />
    </form>
  );
}
