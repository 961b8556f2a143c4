import { SlidersHorizontal, X } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The phone's filters: a Filters button opening a bottom sheet. A native modal <dialog> (showModal):
 * the page behind is inert, so focus stays inside; Escape closes it; role dialog and aria-modal come
 * with it. Selections apply as they are made (each pushed to the URL), so "Show N results" is the
 * database's total for them; it only closes the sheet.
 */
export function FilterSheet({
  active,
  total,
  onClear,
  children,
}: {
  /** How many filters are on (shown on the button). */
  active: number;
  /** The total for the selection, or undefined while it loads. */
  total: number | undefined;
  /** Clear all (shown while a filter is on). */
  onClear: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const show = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useLayoutEffect(() => {
    const el = dialog.current;
    if (open && el && !el.open) el.showModal();
  }, [open]);

  const close = () => {
    dialog.current?.close();
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-medium md:hidden"
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        Filters{active > 0 && ` (${active})`}
      </button>
      {open && (
        <dialog
          ref={dialog}
          aria-modal="true"
          aria-labelledby={titleId}
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
          className="mx-0 mt-auto mb-0 hidden max-h-[85dvh] w-full max-w-full flex-col rounded-t-2xl open:flex bg-white p-0 text-stone-900 backdrop:bg-black/50"
        >
          <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
            <h2 id={titleId} className="text-lg font-semibold">
              Filters
            </h2>
            <button
              type="button"
              aria-label="Close filters"
              onClick={close}
              className="rounded p-2 hover:bg-stone-100"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div className="flex-1 overflow-y-auto px-4 pt-2 pb-4">{children}</div>
          <div className="flex gap-3 border-t border-stone-200 p-4">
            {active > 0 && (
              <button
                type="button"
                onClick={() => {
                  // The button goes once nothing is on: focus moves on rather than to the page.
                  show.current?.focus();
                  onClear();
                }}
                className="rounded-lg border border-amber-800 px-4 py-3 font-medium text-amber-900 hover:bg-amber-50"
              >
                Clear all
              </button>
            )}
            <button
              ref={show}
              type="button"
              onClick={close}
              aria-busy={total === undefined}
              className="flex-1 rounded-lg bg-amber-800 px-4 py-3 font-semibold text-white hover:bg-amber-900"
            >
              {total === undefined ? 'Show results' : `Show ${total} ${total === 1 ? 'result' : 'results'}`}
            </button>
          </div>
        </dialog>
      )}
    </>
  );
}
