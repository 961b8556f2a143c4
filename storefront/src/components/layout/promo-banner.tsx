import { X } from 'lucide-react';
import { formatINR } from 'shared/pricing/format';
import { FREE_DELIVERY_THRESHOLD } from 'shared/pricing/delivery';
import { useState } from 'react';

const KEY = 'furnicraft-promo-dismissed';

/** The dismissible promotional banner; once closed it stays closed for the browser session. */
export function PromoBanner() {
  const [visible, setVisible] = useState(() => sessionStorage.getItem(KEY) !== '1');
  if (!visible) return null;
  return (
    <aside aria-label="Promotion" className="bg-amber-900 text-amber-50">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-2 text-sm">
        <p>
          <strong>Festive Sale: up to 60% off</strong> on sofas, beds and more. Free delivery on orders of{' '}
          {formatINR(FREE_DELIVERY_THRESHOLD)} or more.
        </p>
        <button
          type="button"
          aria-label="Dismiss promotion"
          onClick={() => {
            sessionStorage.setItem(KEY, '1');
            setVisible(false);
          }}
          className="rounded p-1 hover:bg-amber-800"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </aside>
  );
}
