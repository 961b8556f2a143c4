// invoice-pdf: a tax invoice or credit note as a PDF, for the order's customer and for staff (issue 18).
//
// POST {"invoice_id": n} | {"credit_note_id": n} with the user's JWT (Authorization: Bearer)
//   → 200 {"url": <signed URL, valid 60 s, downloads as the file name>, "filename": "FC-2627-000001.pdf"}
//   → 400 a body that is not one of those; 401 no or an invalid JWT (verified here: config.toml sets
//     verify_jwt = false, see _shared/supabase.ts); 404 a document the caller may not read or that
//     does not exist (the same answer, so ids reveal nothing); 500 {error} otherwise.
//
// 1. The row is read with the caller's JWT, so RLS decides: the order's customer or staff.
// 2. The first download draws the PDF from the row's snapshot (_shared/invoice/render.ts) and stores it
//    with the secret key in the private bucket 'invoices' at <order_id>/<number, "/" → "-">.pdf
//    (upsert off: an issued document's file never changes), then records the key once with
//    public.set_document_pdf (which keeps the first path recorded and returns it). Two first downloads
//    at once both upload the same key: the one that loses the race finds the object there and uses it.
// 3. Later downloads sign the stored object again; nothing is drawn or uploaded twice.
import { readSnapshot } from '../_shared/invoice/snapshot.ts';
import { renderInvoicePdf } from '../_shared/invoice/render.ts';
import { corsHeaders, reply } from '../_shared/payments.ts';
import { adminClient, callerOf, failed, type StoreClient } from '../_shared/supabase.ts';

const BUCKET = 'invoices';
/** How long a download link lives: long enough to start the download, too short to share. */
const SIGNED_URL_SECONDS = 60;

type Kind = 'invoice' | 'credit_note';
const TABLES = { invoice: 'invoices', credit_note: 'credit_notes' } as const;
const NOT_FOUND = { invoice: 'Invoice not found.', credit_note: 'Credit note not found.' };

/** {"invoice_id": n} or {"credit_note_id": n}, n a positive whole number (or its digits). */
function documentOf(body: unknown): { kind: Kind; id: number } | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const keys = Object.keys(body);
  if (keys.length !== 1) return null;
  const kind: Kind | null =
    keys[0] === 'invoice_id' ? 'invoice' : keys[0] === 'credit_note_id' ? 'credit_note' : null;
  const raw = (body as Record<string, unknown>)[keys[0]!];
  const id = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
  if (!kind || typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return null;
  return { kind, id };
}

/** The document as the caller may see it (RLS), or null. */
async function readDocument(db: StoreClient, kind: Kind, id: number) {
  const { data, error } = await db
    .from(TABLES[kind])
    .select('id,order_id,number,snapshot,pdf_path')
    .eq('id', id)
    .maybeSingle();
  if (error) throw failed(`Reading the ${kind.replace('_', ' ')}`, error);
  return data;
}

/** "FC/2627/000001" → "FC-2627-000001.pdf": the stored object's name and the download's. */
const fileName = (number: string) => `${number.replaceAll('/', '-')}.pdf`;

/** Storage's answer to an upload whose key is taken (HTTP 400 carrying statusCode '409'). */
function isDuplicate(error: Error): boolean {
  const e = error as Error & { statusCode?: string; code?: string };
  return e.statusCode === '409' || e.code === 'KeyAlreadyExists' || e.code === 'ResourceAlreadyExists';
}

/** The stored PDF's key: the recorded one, else drawn, uploaded (or found there) and recorded now. */
async function storedPdf(
  kind: Kind,
  doc: { id: number; order_id: string; number: string; snapshot: unknown; pdf_path: string | null },
): Promise<string> {
  if (doc.pdf_path) return doc.pdf_path;
  const path = `${doc.order_id}/${fileName(doc.number)}`;
  const pdf = await renderInvoicePdf(readSnapshot(doc.snapshot));
  const storage = adminClient().storage.from(BUCKET);
  const { error } = await storage.upload(path, pdf, { contentType: 'application/pdf', upsert: false });
  if (error && !isDuplicate(error)) throw failed('Storing the PDF', error);
  // The path in force: ours, or the one a concurrent first download recorded before us.
  const { data: recorded, error: notRecorded } = await adminClient().rpc('set_document_pdf', {
    kind,
    id: doc.id,
    path,
  });
  if (notRecorded) throw failed('Recording the PDF', notRecorded);
  return recorded ?? path;
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return reply(405, { error: 'Use POST.' });
  const caller = await callerOf(req, reply);
  if (caller instanceof Response) return caller;
  const wanted = documentOf(await req.json().catch(() => null));
  if (!wanted) return reply(400, { error: 'Send {"invoice_id": <id>} or {"credit_note_id": <id>}.' });

  try {
    const doc = await readDocument(caller.db, wanted.kind, wanted.id);
    if (!doc) return reply(404, { error: NOT_FOUND[wanted.kind] });
    const path = await storedPdf(wanted.kind, doc);
    const filename = fileName(doc.number);
    const { data, error } = await adminClient()
      .storage.from(BUCKET)
      .createSignedUrl(path, SIGNED_URL_SECONDS, { download: filename });
    if (error) throw failed('Signing the download', error);
    return reply(200, { url: data.signedUrl, filename });
  } catch (e) {
    console.error('invoice-pdf:', e);
    return reply(500, { error: 'The PDF could not be made. Please try again.' });
  }
});
