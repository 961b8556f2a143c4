/** The part of an address a pincode decides: its city and its state (by name). */
export interface Place {
  city: string;
  state: string;
}

/**
 * The city and state once the directory has answered for a pincode the shopper typed: the state is
 * the pincode's, and so is the city unless the shopper changed the city while the answer was on its
 * way (`cityWhenTyped` is the city as it was when the pincode was typed). Afterwards both stay
 * editable; only typing another pincode fills them again.
 */
export function autofill(current: Place, place: Place, cityWhenTyped: string): Place {
  return {
    city: current.city === cityWhenTyped ? place.city : current.city,
    state: place.state,
  };
}

/**
 * A chosen state that contradicts the pincode's: flagged, not refused (the directory can lag a new
 * district). Names are compared without case or spacing differences.
 */
export function stateMismatch(
  pincode: string,
  pincodeState: string | undefined,
  chosen: string,
): string | null {
  if (!pincodeState || !chosen.trim()) return null;
  const same = (a: string) => a.trim().toLowerCase().replace(/\s+/g, ' ');
  return same(pincodeState) === same(chosen) ? null : `Pincode ${pincode} is in ${pincodeState}.`;
}
