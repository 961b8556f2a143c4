import { Create } from 'react-admin';
import { AttributeForm } from '@/attributes/attribute-form';

/** A new attribute; its values are added on its edit page, where saving leads. */
export function AttributeCreate() {
  return (
    <Create title="New attribute" redirect="edit">
      <AttributeForm />
    </Create>
  );
}
