import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { pincodeQueries } from '@/features/addresses/api/pincodes';
import { autofill, stateMismatch, type Place } from '@/features/addresses/place-autofill';

const PINCODE = /^[1-9][0-9]{5}$/;

type PlaceValues = Place & { pincode: string };

/**
 * An address form's pincode, city and state: the autofill when the shopper types a pincode (not
 * when a saved address is loaded: its city is the shopper's), and the message when the chosen state
 * contradicts the directory's state for the pincode.
 * `values` are the fields as rendered; `current` reads them at the moment the directory answers.
 */
export function usePincodePlace(
  values: PlaceValues,
  current: () => PlaceValues,
  fill: (place: Place) => void,
) {
  const queryClient = useQueryClient();
  const pincode = values.pincode.trim();
  const lookup = useQuery({ ...pincodeQueries.place(pincode), enabled: PINCODE.test(pincode) });
  // The last pincode filled from: typing it again does not undo a city the shopper corrected.
  const filledFrom = useRef<string | null>(null);

  /** Call from the pincode input's onChange with the new value. */
  const onPincodeTyped = async (value: string) => {
    const typed = value.trim();
    if (!PINCODE.test(typed) || typed === filledFrom.current) return;
    const cityWhenTyped = current().city;
    const found = await queryClient.fetchQuery(pincodeQueries.place(typed)).catch(() => null);
    const now = current();
    // Not in the directory, or the shopper has typed another pincode meanwhile: nothing to fill.
    if (!found || now.pincode.trim() !== typed) return;
    filledFrom.current = typed;
    fill(autofill(now, { city: found.city, state: found.states?.name ?? '' }, cityWhenTyped));
  };

  const pincodeState = lookup.data?.states?.name;
  return {
    onPincodeTyped,
    mismatch: PINCODE.test(pincode) ? stateMismatch(pincode, pincodeState, values.state) : null,
  };
}
