import { Button } from '@mui/material';
import { AdminError } from '@/lib/errors';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';

type Document = { invoice_id: number } | { credit_note_id: number };

/**
 * The invoice-pdf function answers a signed URL valid for a minute; the PDF is fetched from it at
 * once and saved under the document's file name (FC-2627-000001.pdf), as the storefront's order
 * history does: no pop-up tab, and the file is named after the document.
 */
async function downloadPdf(document: Document): Promise<void> {
  const { url, filename } = await storeApi.documentPdf(document);
  const res = await fetch(url);
  if (!res.ok)
    throw new AdminError('The PDF could not be fetched. Please try again.', 'unavailable', '', res.status);
  const href = URL.createObjectURL(await res.blob());
  try {
    const a = window.document.createElement('a');
    a.href = href;
    a.download = filename;
    window.document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // the click has handed the file to the browser
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}

/** Download PDF of an invoice or a credit note; a failure is a notification. */
export function DocumentPdfButton({ document, label }: { document: Document; label: string }) {
  const download = useAdminMutation(downloadPdf, { failure: 'The PDF could not be downloaded' });
  return (
    <Button
      size="small"
      variant="outlined"
      aria-label={label}
      disabled={download.isPending}
      onClick={() => void download.mutate(document)}
    >
      Download PDF
    </Button>
  );
}
