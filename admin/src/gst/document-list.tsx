import type { ReactNode } from 'react';
import { DataTable, List } from 'react-admin';
import { documentFilters } from '@/gst/document-filters';
import { GstNav } from '@/gst/gst-nav';

/** The read-only list of a tax document kind (invoices, credit notes): newest first, by FY or dates. */
export function DocumentList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <GstNav />
      <List
        title={title}
        empty={false}
        exporter={false}
        filters={documentFilters}
        sort={{ field: 'issued_at', order: 'DESC' }}
        perPage={25}
      >
        <DataTable rowClick={false} bulkActionButtons={false}>
          {children}
        </DataTable>
      </List>
    </>
  );
}
