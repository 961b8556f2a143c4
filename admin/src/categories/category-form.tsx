import { NumberInput, SimpleForm, TextInput, required } from 'react-admin';

const blankToNull = (v: string) => (v.trim() === '' ? null : v);

export function CategoryForm() {
  return (
    <SimpleForm defaultValues={{ sort_order: 0 }}>
      <TextInput source="name" validate={required('Category name is required')} />
      <TextInput source="slug" helperText="Lower-case words joined by hyphens" validate={required()} />
      <TextInput source="description" multiline fullWidth parse={blankToNull} />
      <TextInput source="image_url" label="Image URL" fullWidth parse={blankToNull} />
      <NumberInput source="sort_order" label="Order" step={1} />
    </SimpleForm>
  );
}
