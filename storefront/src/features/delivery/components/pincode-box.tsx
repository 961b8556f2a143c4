import { useId, useState } from 'react';
import { inputClass } from '@/components/ui/field';
import { PINCODE } from '@/features/delivery/pincode-store';

interface Props {
  label: string;
  /** the pincode checked so far (the remembered one, or the default address's) */
  value: string;
  onCheck: (pincode: string) => void;
  disabled?: boolean;
}

/**
 * A pincode to check delivery to (product page, cart): checked on its sixth digit — a phone's number
 * pad has no Enter to look for — or with Check; the caller shows the answer.
 */
export function PincodeBox({ label, value, onCheck, disabled = false }: Props) {
  const [typed, setTyped] = useState(value);
  // A pincode that arrives later (the default address's query) fills a box nobody typed in.
  const [given, setGiven] = useState(value);
  if (value !== given) {
    setGiven(value);
    if (!typed) setTyped(value);
  }
  const id = useId();
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onCheck(typed.replace(/\s/g, ''));
      }}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-stone-800">
          {label}
        </label>
        <input
          id={id}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={7}
          placeholder="6-digit pincode"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            const digits = e.target.value.replace(/\s/g, '');
            if (PINCODE.test(digits) && digits !== value) onCheck(digits);
          }}
          className={inputClass}
        />
      </div>
      <button
        type="submit"
        disabled={disabled}
        className="rounded-lg border border-amber-800 px-3 py-2 text-sm font-medium text-amber-800 hover:bg-amber-50 disabled:opacity-50"
      >
        Check
      </button>
    </form>
  );
}
