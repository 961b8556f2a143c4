import {
  BooleanInput,
  DateTimeInput,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
} from 'react-admin';

const blankToNull = (v: string) => (v.trim() === '' ? null : v);
const numberOrNull = (v: string | number | null) => (v === '' || v === null ? null : Number(v));

export function PromoCodeForm() {
  return (
    <SimpleForm defaultValues={{ kind: 'percent', active: true, min_subtotal: 0 }}>
      <TextInput source="code" validate={required()} parse={(v: string) => v.toUpperCase()} />
      <SelectInput
        source="kind"
        choices={[
          { id: 'percent', name: 'Percent' },
          { id: 'flat', name: 'Flat amount (₹)' },
        ]}
        validate={required()}
      />
      <NumberInput source="value" validate={required()} min={0} step={0.01} />
      <NumberInput source="min_subtotal" label="Minimum subtotal (₹)" min={0} step={0.01} />
      <NumberInput
        source="max_discount"
        label="Maximum discount (₹)"
        min={0}
        step={0.01}
        parse={numberOrNull}
      />
      <NumberInput source="usage_limit" label="Usage limit" min={1} step={1} parse={numberOrNull} />
      <DateTimeInput source="starts_at" label="Starts" />
      <DateTimeInput source="ends_at" label="Ends" parse={(v: string) => (v === '' ? null : v)} />
      <TextInput source="description" fullWidth parse={blankToNull} />
      <BooleanInput source="active" />
    </SimpleForm>
  );
}
