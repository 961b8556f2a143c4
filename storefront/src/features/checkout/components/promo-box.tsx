import { useState } from 'react';
import { inputClass } from '@/components/ui/field';
import { previewPromo, type PromoPreview } from '@/features/checkout/api/checkout';
import { toAppError } from '@/lib/errors';

interface Props {
  subtotal: number;
  applied: PromoPreview | null;
  onApplied: (p: PromoPreview | null) => void;
}

/** The promo box: the database previews the code (SAVE10, FLAT500, any active code) and says why. */
export function PromoBox({ subtotal, applied, onApplied }: Props) {
  const [code, setCode] = useState(applied?.promo_code ?? '');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(
    applied ? { ok: true, text: applied.message } : null,
  );
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    if (!code.trim()) return;
    setBusy(true);
    try {
      const p = await previewPromo(code.trim(), subtotal);
      setMessage({ ok: p.applied, text: p.message });
      onApplied(p.applied ? p : null);
    } catch (e) {
      setMessage({ ok: false, text: toAppError(e).userMessage });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-4">
      <label htmlFor="promo-code" className="text-sm font-medium">
        Promo Code
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="promo-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
          placeholder="Enter promo code"
          className={inputClass}
        />
        <button
          type="button"
          onClick={() => void apply()}
          disabled={busy}
          className="rounded-lg border border-amber-800 px-3 text-sm font-medium text-amber-800 hover:bg-amber-50 disabled:opacity-50"
        >
          Apply
        </button>
      </div>
      {message && (
        <p role="status" className={`mt-1 text-sm ${message.ok ? 'text-green-700' : 'text-red-700'}`}>
          {message.text}
        </p>
      )}
    </div>
  );
}
