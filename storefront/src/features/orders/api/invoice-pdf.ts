import { useMutation } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { getSupabase } from '@/lib/get-supabase';

/** Which document to download: an order's tax invoice or one of its credit notes. */
export type OrderDocument = { invoice_id: number } | { credit_note_id: number };

interface SignedPdf {
  url: string;
  filename: string;
}

export const DOWNLOAD_FAILED = 'We could not download the document. Please try again.';

/**
 * The invoice-pdf Edge Function, called with the shopper's session (it reads the document as the
 * caller: RLS lets only the order's owner and staff through), answers a signed URL valid for a
 * minute. The PDF is fetched from it at once and saved under its number's file name.
 */
async function downloadDocument(doc: OrderDocument): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke<SignedPdf>('invoice-pdf', { body: doc });
  if (error || !data?.url) throw toAppError(error, DOWNLOAD_FAILED);
  const res = await fetch(data.url);
  if (!res.ok) throw toAppError(null, DOWNLOAD_FAILED);
  const href = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = href;
    a.download = data.filename;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // The click has handed the file to the browser; the object URL is not needed after this task.
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
  return data.filename;
}

/** Download invoice / credit note; a failure is toasted by the app's mutation handler. */
export function useDownloadDocument() {
  return useMutation({
    mutationFn: downloadDocument,
    meta: { errorMessage: DOWNLOAD_FAILED },
  });
}
