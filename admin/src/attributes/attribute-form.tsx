import { BooleanInput, NumberInput, SimpleForm, TextInput } from 'react-admin';
import { attributeCodeError, labelError } from '@/attributes/attribute-rules';

/** An attribute: its name, its URL code, its order among the filters, and where it applies. */
export function AttributeForm() {
  return (
    <SimpleForm defaultValues={{ position: 0, all_categories: true }}>
      <TextInput
        source="name"
        validate={labelError}
        helperText="As shoppers read it, e.g. Seating capacity"
      />
      <TextInput
        source="code"
        validate={attributeCodeError}
        helperText="The listing URL’s parameter, e.g. seating_capacity (?seating_capacity=3-seater)"
      />
      <NumberInput source="position" label="Order among the filters" step={1} />
      <BooleanInput
        source="all_categories"
        label="Every listing filters on it"
        helperText="Off: only the categories ticked below (after saving) show this filter"
      />
    </SimpleForm>
  );
}
