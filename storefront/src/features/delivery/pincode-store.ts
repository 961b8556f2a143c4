import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** An Indian pincode as India Post writes it: six digits, not starting with 0. */
export const PINCODE = /^[1-9][0-9]{5}$/;

/** Keeps the digits a shopper typed (spaces, letters and a seventh digit dropped), at most six. */
export function pincodeDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, 6);
}

/**
 * The last pincode a shopper checked (product page, cart or checkout), kept in localStorage: the
 * next product page, the cart and the checkout start from it. Only valid pincodes are remembered.
 */
interface PincodeState {
  pincode: string;
  remember: (pincode: string) => void;
}

export const PINCODE_STORAGE_KEY = 'furnicraft-pincode';

export const usePincodeStore = create<PincodeState>()(
  persist(
    (set) => ({
      pincode: '',
      remember: (pincode) => {
        if (PINCODE.test(pincode)) set({ pincode });
      },
    }),
    { name: PINCODE_STORAGE_KEY, storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);
