export const buttonClass = 'rounded-lg px-4 py-2 text-sm font-medium';
export const primaryClass = `${buttonClass} bg-amber-800 text-white hover:bg-amber-900 disabled:opacity-60`;
export const secondaryClass = `${buttonClass} border border-stone-300 hover:bg-stone-100`;

/** Save / Cancel under the account tabs' edit forms (Profile, Address). */
export function FormActions({
  saving,
  onCancel,
  className = 'flex gap-3',
}: {
  saving: boolean;
  onCancel: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <button type="submit" className={primaryClass} disabled={saving}>
        Save
      </button>
      <button type="button" className={secondaryClass} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
