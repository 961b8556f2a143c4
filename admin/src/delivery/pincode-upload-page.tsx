import { Typography } from '@mui/material';
import { AccessDenied, CanAccess, Title } from 'react-admin';
import { CsvImport } from '@/delivery/csv-import';
import { DeliveryNav } from '@/delivery/delivery-nav';
import { entryText, zoneText } from '@/delivery/import-result';
import { parseAssignCsv, parseDirectoryCsv } from '@/delivery/pincode-csv';
import { storeApi } from '@/lib/providers';

type AssignRow = ReturnType<typeof parseAssignCsv>['rows'][number];
type DirectoryRow = ReturnType<typeof parseDirectoryCsv>['rows'][number];

const assign = (rows: AssignRow[], dryRun: boolean) => storeApi.assignPincodes({ rows, dry_run: dryRun });
const load = (rows: DirectoryRow[], dryRun: boolean) => storeApi.loadPincodes({ rows, dry_run: dryRun });

/** /admin/delivery/upload: which zone each pincode belongs to, and the directory itself, from CSV files. */
export function PincodeUploadPage() {
  // settings.write (owners): the upload's RPCs refuse the others too
  return (
    <CanAccess resource="pincodes" action="create" accessDenied={<AccessDenied />}>
      <Title title="Pincode upload" />
      <DeliveryNav />
      <CsvImport
        title="Assign pincodes to zones"
        fileLabel="Zone assignment file (CSV)"
        parse={parseAssignCsv}
        run={assign}
        describe={zoneText}
      >
        <Typography variant="body2">
          Columns <code>pincode,zone</code>: the zone’s name as on the Zones page, or empty to stop delivering
          to the pincode. Pincodes not in the file keep their zone. You see what would change before anything
          is saved.
        </Typography>
      </CsvImport>
      <CsvImport
        title="Reload the pincode directory"
        fileLabel="Directory file (CSV)"
        parse={parseDirectoryCsv}
        run={load}
        describe={entryText}
      >
        <Typography variant="body2">
          Columns <code>pincode,office,city,district,state</code> (the state’s name or GST code), as India
          Post publishes them. New pincodes join the default zone; existing ones keep their zone.
        </Typography>
      </CsvImport>
    </CanAccess>
  );
}
