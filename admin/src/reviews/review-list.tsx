import {
  AutocompleteInput,
  Datagrid,
  DateInput,
  FunctionField,
  List,
  ReferenceInput,
  SelectInput,
  TextField,
} from 'react-admin';
import type { Row } from '@/lib/database';
import { ReviewBulkActions } from '@/reviews/review-bulk-actions';
import { formatReviewDate, ratingChoices, statusChoices } from '@/reviews/review-rules';
import { FlagChips, ReviewStatusChip, Stars } from '@/reviews/review-status';

/** A row of the queue: the review with its product's name. */
export type ReviewRow = Row<'reviews'> & { product: Pick<Row<'products'>, 'name'> | null };
export const REVIEW_COLUMNS = ['*', 'product:products(name)'];

// date_from and date_to are IST days (mapReviewFilters in lib/providers.ts)
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
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'created_at', order: 'DESC' }}
      queryOptions={{ meta: { columns: REVIEW_COLUMNS } }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={<ReviewBulkActions />}>
        <FunctionField
          source="created_at"
          label="Date"
          render={(r: ReviewRow) => formatReviewDate(r.created_at)}
        />
        <FunctionField
          source="product_id"
          label="Product"
          sortable={false}
          render={(r: ReviewRow) => r.product?.name ?? `Product ${r.product_id}`}
        />
        <TextField source="author_name" label="Customer" />
        <FunctionField
          source="rating"
          label="Rating"
          render={(r: ReviewRow) => <Stars rating={r.rating} />}
        />
        <TextField source="title" label="Title" />
        <FunctionField
          source="status"
          label="Status"
          render={(r: ReviewRow) => <ReviewStatusChip status={r.status} />}
        />
        <FunctionField
          source="flags"
          label="Flags"
          sortable={false}
          render={(r: ReviewRow) => <FlagChips flags={r.flags} />}
        />
      </Datagrid>
    </List>
  );
}
