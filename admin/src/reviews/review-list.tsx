import { AutocompleteInput, DataTable, DateInput, List, ReferenceInput, SelectInput } from 'react-admin';
import { SavedQueriesAside } from '@/layout/saved-queries-aside';
import type { Row } from '@/lib/database';
import { ReviewBulkActions } from '@/reviews/review-bulk-actions';
import { formatReviewDate, ratingChoices, statusChoices } from '@/reviews/review-rules';
import { FlagChips, ReviewStatusChip, Stars } from '@/reviews/review-status';

/** A row of the queue: the review with its product's name. */
export type ReviewRow = Row<'reviews'> & { product: Pick<Row<'products'>, 'name'> | null };
export const REVIEW_COLUMNS = ['*', 'product:products(name)'];
const Column = DataTable.Col<ReviewRow>;

// date_from and date_to are IST days (mapDateFilters in lib/providers.ts)
const reviewFilters = [
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn emptyText="All statuses" />,
  <SelectInput key="rating" source="rating" choices={ratingChoices} alwaysOn emptyText="Any rating" />,
  <ReferenceInput key="product" source="product_id" reference="products" alwaysOn>
    <AutocompleteInput optionText="name" label="Product" sx={{ minWidth: 240 }} />
  </ReferenceInput>,
  <DateInput key="from" source="date_from" label="Date from" alwaysOn />,
  <DateInput key="to" source="date_to" label="Date to" alwaysOn />,
];

/**
 * /admin/reviews: the moderation queue, pending by default, newest first (react-admin's demo);
 * select rows to approve them (undoable) or reject them with a reason. A row opens the review.
 */
export function ReviewList() {
  return (
    <List
      title="Reviews"
      empty={false}
      exporter={false}
      filters={reviewFilters}
      aside={<SavedQueriesAside />}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'created_at', order: 'DESC' }}
      queryOptions={{ meta: { columns: REVIEW_COLUMNS } }}
    >
      <DataTable rowClick="edit" bulkActionButtons={<ReviewBulkActions />}>
        <Column source="created_at" label="Date" render={(r) => formatReviewDate(r.created_at)} />
        <Column
          source="product_id"
          label="Product"
          disableSort
          render={(r) => r.product?.name ?? `Product ${r.product_id}`}
        />
        <Column source="author_name" label="Customer" />
        <Column source="rating" label="Rating" render={(r) => <Stars rating={r.rating} />} />
        <Column source="title" label="Title" />
        <Column source="status" label="Status" render={(r) => <ReviewStatusChip status={r.status} />} />
        <Column source="flags" label="Flags" disableSort render={(r) => <FlagChips flags={r.flags} />} />
      </DataTable>
    </List>
  );
}
