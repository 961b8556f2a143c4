import { Button } from '@mui/material';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';

type Document = { invoice_id: number } | { credit_note_id: number };

/**
 * Download PDF: the invoice-pdf function answers a signed URL valid for a minute, opened in a new
 * tab. The tab is opened on the click itself (a tab opened after the request would be a blocked
 * pop-up) and pointed at the URL when it comes; without a tab, this one goes there.
 */
export function DocumentPdfButton({ document, label }: { document: Document; label: string }) {
  const open = useAdminMutation(
    async (tab: Window | null) => {
      try {
        const { url } = await storeApi.documentPdf(document);
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
    { failure: 'The PDF could not be downloaded' },
  );
  return (
    <Button
      size="small"
      variant="outlined"
      aria-label={label}
      disabled={open.isPending}
      onClick={() => void open.mutate(window.open('', '_blank'))}
    >
      Download PDF
    </Button>
  );
}
