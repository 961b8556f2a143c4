import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, CanAccess, Link, useBasename } from 'react-admin';
import { useAdminMutation } from '@/lib/use-admin-mutation';
import { exportProducts } from '@/products/product-export';

/** Every variant as a row of the products CSV (any staff), the file the import reads back. */
export function ExportProductsCsvButton() {
  const run = useAdminMutation(exportProducts, { failure: 'The products could not be exported' });
  return (
    <Button
      label={run.isPending ? 'Exporting…' : 'Export variants'}
      onClick={() => void run.mutate()}
      disabled={run.isPending}
    >
      <DownloadIcon />
    </Button>
  );
}

/** To /products/import, for staff whose role may change the catalogue. */
export function ImportProductsButton() {
  const basename = useBasename();
  return (
    <CanAccess resource="products" action="import">
      <Button component={Link} to={`${basename}/products/import`} label="Import CSV">
        <UploadFileIcon />
      </Button>
    </CanAccess>
  );
}
