import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, inputClass } from '@/components/ui/field';
import { stateQueries } from '@/features/addresses/api/states';
import { usePincodePlace } from '@/features/addresses/hooks/use-pincode-place';
import type { Place } from '@/features/addresses/place-autofill';

interface Props {
  /** react-hook-form's registrations of the form's three fields */
  register: Record<'pincode' | 'city' | 'state', UseFormRegisterReturn>;
  errors: Partial<Record<'pincode' | 'city' | 'state', string | undefined>>;
  /** the fields' values as rendered (useWatch) */
  values: Place & { pincode: string };
  /** the fields' values now (getValues), read when the directory answers */
  current: () => Place & { pincode: string };
  /** sets city and state (the form's setValue) */
  fill: (place: Place) => void;
}

/**
 * Pincode, City and State of an address form (checkout and the address book): State is a list of
 * the states and union territories; typing a pincode fills City and State from India Post's
 * directory (both stay editable); a State that contradicts the pincode is pointed out, not refused.
 */
export function PlaceFields({ register, errors, values, current, fill }: Props) {
  const states = useQuery(stateQueries.list());
  const { onPincodeTyped, mismatch } = usePincodePlace(values, current, fill);
  const id = useId();
  const stateError = errors.state;
  const describedBy = [stateError && `${id}-state-error`, mismatch && `${id}-state-mismatch`]
    .filter(Boolean)
    .join(' ');
  // The form's state is always one of the options (while the list loads, or a saved state the list
  // does not have), so the select never shows another value than the form holds.
  const known = states.data?.some((s) => s.name === values.state) ?? false;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Field
        label="Pincode"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        error={errors.pincode}
        {...register.pincode}
        onChange={(e) => {
          void register.pincode.onChange(e);
          void onPincodeTyped(e.target.value);
        }}
      />
      <Field label="City" autoComplete="address-level2" error={errors.city} {...register.city} />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-state`} className="text-sm font-medium text-stone-800">
          State
        </label>
        <select
          id={`${id}-state`}
          autoComplete="address-level1"
          aria-invalid={stateError ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={inputClass}
          {...register.state}
          value={values.state}
        >
          <option value="">{states.isPending ? 'Loading states…' : 'Choose a state'}</option>
          {!known && values.state && <option value={values.state}>{values.state}</option>}
          {states.data?.map((s) => (
            <option key={s.code} value={s.name}>
              {s.name}
            </option>
          ))}
        </select>
        {stateError && (
          <p id={`${id}-state-error`} className="text-sm text-red-700">
            {stateError}
          </p>
        )}
        {mismatch && (
          <p id={`${id}-state-mismatch`} className="text-sm font-medium text-amber-900" role="status">
            {mismatch}
          </p>
        )}
      </div>
    </div>
  );
}
