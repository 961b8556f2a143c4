import type { ReactNode } from 'react';
import type { UseFormRegister, FieldErrors } from 'react-hook-form';
import type { ShippingAddressInput } from 'shared/schemas/checkout';
import { Field } from '@/components/ui/field';
import type { Tables } from 'shared/types/database';

/** A saved address as checkout offers it (the `addresses` rows the route reads). */
type SavedAddress = Pick<
  Tables<'addresses'>,
  'id' | 'full_name' | 'phone' | 'address' | 'city' | 'state' | 'pincode'
>;

interface Props {
  register: UseFormRegister<ShippingAddressInput>;
  errors: FieldErrors<ShippingAddressInput>;
  saved: SavedAddress[];
  onUseSaved: (a: SavedAddress) => void;
  /** Pincode, City and State (the address book's fields, composed by the route) and what follows them. */
  children: ReactNode;
}

/** The spec's seven shipping fields, all required, plus the customer's saved addresses. */
export function ShippingFields({ register, errors, saved, onUseSaved, children }: Props) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-stone-200 bg-white p-5">
      <legend className="px-1 text-xl font-semibold">Shipping Address</legend>
      {saved.length > 0 && (
        <div className="flex flex-wrap gap-2" aria-label="Saved addresses" role="group">
          {saved.map((a) => (
            <button
              key={a.id}
              type="button"
              onClick={() => onUseSaved(a)}
              className="rounded-lg border border-stone-300 px-3 py-2 text-left text-sm hover:border-amber-700"
            >
              Use saved address: {a.full_name}, {a.city} {a.pincode}
            </button>
          ))}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Full Name"
          autoComplete="name"
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      <Field
        label="Address"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      {children}
    </fieldset>
  );
}
