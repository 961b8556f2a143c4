import { LoaderCircle } from 'lucide-react';

export function PageSpinner() {
  return (
    <div role="status" className="flex justify-center py-16 text-stone-500">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
