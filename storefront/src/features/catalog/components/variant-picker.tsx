import type { ProductOption, ProductVariant } from '@/features/catalog/api/products';
import { isValueAvailable, pick, selectionOf } from '@/features/catalog/variant-selection';

interface Props {
  options: readonly ProductOption[];
  variants: readonly ProductVariant[];
  selected: ProductVariant;
  onSelect: (variant: ProductVariant) => void;
}

type OptionValue = ProductOption['values'][number];

/** Colours and finishes have swatches; sizes and configurations are buttons. */
const isSwatchOption = (o: ProductOption) => o.values.some((v) => v.swatch_color || v.swatch_image);

/**
 * One radio group per option (a fieldset of native radios: Tab reaches the group, the arrow keys move
 * the choice, a screen reader reads "Fabric, Teal velvet, radio, 1 of 3"). A value that makes no
 * existing combination with the other choices is disabled; one whose variant is sold out says so.
 */
export function VariantPicker({ options, variants, selected, onSelect }: Props) {
  const current = selectionOf(selected);
  return (
    <div className="mt-6 space-y-4">
      {options.map((option) => {
        const chosen = option.values.find((v) => v.id === current.get(option.id));
        const swatches = isSwatchOption(option);
        return (
          <fieldset key={option.id}>
            <legend className="mb-2 text-sm font-semibold text-stone-800">
              {option.name}
              {chosen && (
                <span aria-hidden="true" className="font-normal text-stone-600">
                  : {chosen.value}
                </span>
              )}
            </legend>
            <div className="flex flex-wrap gap-2">
              {option.values.map((value) => {
                const target = pick(variants, current, option.id, value.id);
                return (
                  <OptionRadio
                    key={value.id}
                    name={`option-${option.id}`}
                    value={value}
                    swatch={swatches}
                    checked={value.id === chosen?.id}
                    disabled={!isValueAvailable(variants, current, option.id, value.id)}
                    soldOut={target ? !target.made_to_order && (target.available_quantity ?? 0) <= 0 : false}
                    onChange={() => target && onSelect(target)}
                  />
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

function OptionRadio({
  name,
  value,
  swatch,
  checked,
  disabled,
  soldOut,
  onChange,
}: {
  name: string;
  value: OptionValue;
  swatch: boolean;
  checked: boolean;
  disabled: boolean;
  soldOut: boolean;
  onChange: () => void;
}) {
  const note = disabled ? ' (not available with your other choices)' : soldOut ? ' (out of stock)' : '';
  return (
    <label
      title={swatch ? `${value.value}${note}` : undefined}
      className={disabled ? 'cursor-not-allowed' : 'cursor-pointer'}
    >
      <input
        type="radio"
        name={name}
        value={value.id}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        className="peer sr-only"
      />
      {swatch ? (
        <span
          aria-hidden="true"
          data-testid="swatch"
          style={{
            backgroundColor: value.swatch_color ?? undefined,
            backgroundImage: value.swatch_image ? `url(${JSON.stringify(value.swatch_image)})` : undefined,
          }}
          className={`block size-10 rounded-full border-2 border-white bg-stone-200 bg-cover bg-center ring-1 ring-stone-300 peer-checked:ring-2 peer-checked:ring-amber-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-amber-700 peer-disabled:opacity-30 ${soldOut ? 'opacity-60' : ''}`}
        />
      ) : (
        <span
          aria-hidden="true"
          className={`inline-block rounded-lg border px-3 py-2 text-sm font-medium peer-checked:border-amber-800 peer-checked:bg-amber-50 peer-checked:text-amber-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-amber-700 peer-disabled:border-dashed peer-disabled:text-stone-500 peer-disabled:line-through ${soldOut ? 'border-dashed border-stone-400 text-stone-600' : 'border-stone-300 text-stone-800'}`}
        >
          {value.value}
        </span>
      )}
      <span className="sr-only">
        {value.value}
        {note}
      </span>
    </label>
  );
}
