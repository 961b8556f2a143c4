import { Edit, useRecordContext } from 'react-admin';
import { AttributeCategories } from '@/attributes/attribute-categories';
import { AttributeForm } from '@/attributes/attribute-form';
import { AttributeValues } from '@/attributes/attribute-values';
import type { Row } from '@/lib/database';

function Sections() {
  const record = useRecordContext<Row<'attributes'>>();
  if (!record) return null;
  return (
    <>
      <AttributeValues attributeId={record.id} />
      {!record.all_categories && <AttributeCategories attributeId={record.id} />}
    </>
  );
}

/**
 * /admin/attributes/:id: the attribute's form, then its values (each saved on its own: a separate
 * table) and, when it is not on every listing, the categories that filter on it.
 */
export function AttributeEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false}>
      <AttributeForm />
      <Sections />
    </Edit>
  );
}
