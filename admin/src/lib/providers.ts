import { isAuthRetryableFetchError, type JwtPayload, type PostgrestError } from '@supabase/supabase-js';
import { supabaseAuthProvider, supabaseDataProvider } from 'ra-supabase';
import type { AuthProvider, DataProvider, GetListParams } from 'react-admin';
import type { RpcArgs, RpcReturns } from '@/lib/database';
import { env } from '@/lib/env';
import { AdminError, SESSION_ENDED, toAdminError } from '@/lib/errors';
import { allows, parseStaffAccess, type StaffAccess } from '@/lib/access';
import { dateRangeFilter } from '@/lib/date-range';
import { isSessionExpired } from '@/lib/session';
import { OPEN_STATUSES, olderThan } from '@/returns/return-rules';
import { supabase } from '@/lib/supabase';

/** Tables whose key is not `id`: react-admin's record id is this column's value. */
const primaryKeys = new Map([
  ['pincodes', ['pincode']],
  ['states', ['code']],
  ['delivery_holidays', ['day']],
  ['staff_members', ['user_id']],
]);

const baseDataProvider = supabaseDataProvider({
  instanceUrl: env.supabaseUrl,
  apiKey: env.supabaseKey,
  supabaseClient: supabase,
  primaryKeys,
});

/**
 * Which column the list search box (`q`) looks in, per resource: a case-insensitive substring; with
 * several columns, a row matching in any of them (PostgREST's `or`).
 */
const searchColumns: Record<string, string | string[]> = {
  products: 'name',
  orders: 'order_number',
  categories: 'name',
  promo_codes: 'code',
  contact_messages: 'email',
  profiles: 'full_name',
  product_variants: 'sku',
  stock_movements: 'sku',
  returns: 'return_number',
  customers: ['full_name', 'email', 'phone'],
  audit_log: 'actor_email',
};

/** `q` becomes PostgREST's `col=ilike.*first*second*` through ra-data-postgrest's `col@ilike`. */
export function mapSearch(resource: string, params: GetListParams): GetListParams {
  const { q, ...filter } = (params.filter ?? {}) as Record<string, unknown>;
  const column = searchColumns[resource];
  if (typeof q !== 'string' || q.trim() === '' || !column) return { ...params, filter };
  // PostgREST's own syntax characters would change the filter's meaning: search on the rest.
  // The words, in order, joined by PostgREST's `*` wildcard into one pattern: ra-data-postgrest
  // would split on spaces into repeated params, which it builds wrongly beyond two words.
  const term = q
    .replace(/[*,.()%:"\\]/g, ' ')
    .trim()
    .split(/\s+/)
    .join('*');
  if (term === '') return { ...params, filter };
  if (Array.isArray(column))
    // an empty operator after '@' makes ra-data-postgrest send `or=(…)` as it is
    return {
      ...params,
      filter: { ...filter, 'or@': `(${column.map((c) => `${c}.ilike.*${term}*`).join(',')})` },
    };
  return { ...params, filter: { ...filter, [`${column}@ilike`]: term } };
}

/** Which column a list's `prefix` filter matches the start of, per resource. */
const prefixColumns: Record<string, string> = { pincodes: 'pincode', tax_rates: 'hsn_code' };

/**
 * `prefix` becomes PostgREST's `col=like.560*` (ra-data-postgrest's own `@like` would match
 * anywhere: `*560*`). Only digits and letters are kept, so no PostgREST syntax gets in.
 */
export function mapPrefix(resource: string, params: GetListParams): GetListParams {
  const { prefix, ...filter } = (params.filter ?? {}) as Record<string, unknown>;
  const column = prefixColumns[resource];
  const start = typeof prefix === 'string' ? prefix.replace(/[^0-9A-Za-z]/g, '') : '';
  if (!column || start === '') return { ...params, filter };
  // an empty operator after '@' makes ra-data-postgrest send the value as it is
  return { ...params, filter: { ...filter, [`${column}@`]: `like.${start}*` } };
}

/**
 * The returns queue's own filters: `queue: 'open'` is the statuses that still need staff
 * (`status=in.(…)`), `older_than_days: n` the requests made more than n days ago.
 */
export function mapReturnQueue(resource: string, params: GetListParams): GetListParams {
  if (resource !== 'returns') return params;
  const { status, older_than_days: days, ...filter } = (params.filter ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...filter };
  if (status === 'open') out['status@'] = `in.(${OPEN_STATUSES.join(',')})`;
  else if (typeof status === 'string' && status !== '') out['status'] = status;
  const n = Number(days);
  if (days !== undefined && days !== '' && Number.isInteger(n) && n > 0) out['created_at@lt'] = olderThan(n);
  return { ...params, filter: out };
}

/** Which timestamp a list's date filters (IST days: `date_from`, `date_to`) range over, per resource. */
const dateColumns: Record<string, string> = { reviews: 'created_at', audit_log: 'at' };

/** A list's date filters as PostgREST's (dateRangeFilter in lib/date-range.ts). */
export function mapDateFilters(resource: string, params: GetListParams): GetListParams {
  const column = dateColumns[resource];
  if (!column) return params;
  return { ...params, filter: dateRangeFilter((params.filter ?? {}) as Record<string, unknown>, column) };
}

/**
 * Computed columns (PostgREST functions of the row) a resource's records carry besides its own:
 * orders carry allowed_transitions, the moves the database lets staff make, which the order
 * actions offer; variants their live reservations and what is left to sell.
 */
const computedColumns: Record<string, string[]> = {
  orders: ['allowed_transitions'],
  product_variants: ['reserved_quantity', 'available_quantity'],
};

/** Asks for `*` plus the resource's computed columns, unless the caller chose its columns. */
export function withComputedColumns<P extends object>(resource: string, params: P): P {
  const extra = computedColumns[resource];
  const meta = (params as { meta?: Record<string, unknown> }).meta;
  if (!extra || meta?.['columns']) return params;
  return { ...params, meta: { ...meta, columns: ['*', ...extra] } };
}

/** Every failure leaves the data provider as an AdminError (lib/errors.ts); a cancelled fetch stays one. */
const rethrow = (error: unknown): never => {
  throw error instanceof DOMException && error.name === 'AbortError' ? error : toAdminError(error);
};

/**
 * A failed Edge Function call, with the function's own JSON error ({ message } or { error }) when it
 * sent one: supabase-js only says 'Edge Function returned a non-2xx status code'.
 */
export async function functionError(error: unknown): Promise<unknown> {
  const response: unknown = error instanceof Error ? Reflect.get(error, 'context') : undefined;
  if (!(response instanceof Response)) return error;
  const body: unknown = await response.json().catch(() => null);
  const said = (key: string) => {
    const v: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, key) : undefined;
    return typeof v === 'string' ? v : '';
  };
  const message = said('message') || said('error');
  return message ? { message, code: said('code'), status: response.status, body } : error;
}

/** A supabase-js answer's data, or its error mapped by toAdminError. */
async function unwrap<T>(
  answer: PromiseLike<{ data: T; error: null } | { data: null; error: PostgrestError }>,
): Promise<T> {
  const result = await answer;
  if (result.error) throw toAdminError(result.error);
  return result.data;
}

/**
 * The console's calls besides react-admin's CRUD, typed by the generated Database, failing with an
 * AdminError. Not custom methods of the data provider: useDataProvider() answers `{ data: {} }`
 * instead of failing once checkError has signed staff out, which would read as a success here.
 * useAdminMutation (and the dashboard) run checkError themselves.
 */
export const storeApi = {
  /** admin_dashboard(): the figures, low stock, the last 30 days and the latest orders. */
  dashboard: () => unwrap(supabase.rpc('admin_dashboard')),
  /** admin_set_order_status: ship, deliver or cancel, with the timeline event. */
  setOrderStatus: (args: RpcArgs<'admin_set_order_status'>) =>
    unwrap(supabase.rpc('admin_set_order_status', args)),
  /** admin_add_order_event: In Transit or Out for Delivery on a shipped order's timeline. */
  addOrderEvent: (args: RpcArgs<'admin_add_order_event'>) =>
    unwrap(supabase.rpc('admin_add_order_event', args)),
  /** admin_resend_notification: a failed or dead mail of the outbox is queued again (pending). */
  resendNotification: (id: number) => unwrap(supabase.rpc('admin_resend_notification', { id })),
  /** How many mails the outbox gave up on (status dead): a head request, no rows. */
  deadNotificationCount: async (): Promise<number> => {
    const { count, error } = await supabase
      .from('notification_outbox')
      .select('id', { count: 'exact', head: true })
      .eq('status', 'dead');
    if (error) throw toAdminError(error);
    return count ?? 0;
  },
  /** The newest dead mails, with their orders' numbers: where staff resend them. */
  deadNotifications: (limit: number) =>
    unwrap(
      supabase
        .from('notification_outbox')
        .select('id, event, created_at, order_id, orders(order_number)')
        .eq('status', 'dead')
        .order('created_at', { ascending: false })
        .limit(limit),
    ),
  /** admin_set_product_options: the product's whole set of options and values (ids keep rows). */
  setProductOptions: (args: RpcArgs<'admin_set_product_options'>) =>
    unwrap(supabase.rpc('admin_set_product_options', args)),
  /** admin_generate_variants: a variant for each combination of values that has none yet. */
  generateVariants: (productId: number) =>
    unwrap(supabase.rpc('admin_generate_variants', { product_id: productId })),
  /** admin_adjust_stock: one ledger movement per variant, in one transaction, with the reason. */
  adjustStock: (args: RpcArgs<'admin_adjust_stock'>) => unwrap(supabase.rpc('admin_adjust_stock', args)),
  /**
   * admin_assign_pincodes: which zone each pincode of an upload belongs to. A dry run answers what
   * would change; nothing is written while any row is refused.
   */
  assignPincodes: (args: RpcArgs<'admin_assign_pincodes'>) =>
    unwrap(supabase.rpc('admin_assign_pincodes', args)),
  /** admin_load_pincodes: the pincode directory from an upload (new pincodes join the default zone). */
  loadPincodes: (args: RpcArgs<'admin_load_pincodes'>) => unwrap(supabase.rpc('admin_load_pincodes', args)),
  /**
   * admin_export_products: every variant of every product as a row of the products CSV. PostgREST
   * answers at most 1,000 rows a request, so it is read in pages, each after the last SKU of the one
   * before (the function picks the page itself: every page costs the same, wherever it is).
   */
  exportProducts: async () => {
    const rows: RpcReturns<'admin_export_products'> = [];
    for (let after: string | undefined; ;) {
      const page = await unwrap(supabase.rpc('admin_export_products', { after_sku: after, page_size: 1000 }));
      rows.push(...page);
      if (page.length < 1000) return rows;
      after = page[page.length - 1]!.sku;
    }
  },
  /**
   * admin_import_products: products and variants from the CSV's rows (by slug and SKU). A dry run
   * answers every row's errors and the changes; nothing is written while any row is refused.
   */
  importProducts: (args: RpcArgs<'admin_import_products'>) =>
    unwrap(supabase.rpc('admin_import_products', args)),
  /**
   * admin_bulk_price: the selected products' active variants ± percent, whole rupees, all or none;
   * a dry run previews (the database's own answer, refusals named by SKU).
   */
  bulkPrice: (args: RpcArgs<'admin_bulk_price'>) => unwrap(supabase.rpc('admin_bulk_price', args)),
  /**
   * admin_issue_credit_note: a credit note citing the order's invoice for the units given, numbered
   * in its own series; the database refuses more than was invoiced (credit_exceeds_invoice).
   */
  issueCreditNote: (args: RpcArgs<'admin_issue_credit_note'>) =>
    unwrap(supabase.rpc('admin_issue_credit_note', args)),
  /**
   * admin_gst_register: one row per invoice and credit-note line issued between the dates (IST,
   * inclusive), in issue order. PostgREST answers at most max_rows (1,000) rows a request, so the
   * function pages by keyset (whole documents a page): the next page starts after the last row's
   * issued_at and number, and an empty page ends the list.
   */
  gstRegister: async (period: Pick<RpcArgs<'admin_gst_register'>, 'from_date' | 'to_date'>) => {
    const lines: RpcReturns<'admin_gst_register'> = [];
    let after: Pick<RpcArgs<'admin_gst_register'>, 'after_issued_at' | 'after_number'> = {};
    for (;;) {
      const page = await unwrap(supabase.rpc('admin_gst_register', { ...period, ...after }));
      const last = page[page.length - 1];
      if (!last) return lines;
      lines.push(...page);
      after = { after_issued_at: last.issued_at, after_number: last.document_number };
    }
  },
  /**
   * The invoice-pdf function renders the document's PDF once (then reuses it) and answers a signed
   * URL valid for 60 seconds. Its refusals carry a JSON body; their message is shown.
   */
  documentPdf: async (document: { invoice_id: number } | { credit_note_id: number }) => {
    const { data, error } = await supabase.functions.invoke<{ url: string; filename: string }>(
      'invoice-pdf',
      {
        body: document,
      },
    );
    if (error) throw toAdminError(await functionError(error));
    if (!data?.url)
      throw new AdminError('The PDF could not be made. Please try again.', 'unavailable', '', 0);
    return data;
  },
  /** admin_decide_return: approve a requested return, or reject it with the reason the customer reads. */
  decideReturn: (args: RpcArgs<'admin_decide_return'>) => unwrap(supabase.rpc('admin_decide_return', args)),
  /** admin_schedule_return_pickup: book (or move) an approved return's pickup, IST date and window. */
  scheduleReturnPickup: (args: RpcArgs<'admin_schedule_return_pickup'>) =>
    unwrap(supabase.rpc('admin_schedule_return_pickup', args)),
  /** admin_mark_return_picked_up: the courier collected it. */
  markReturnPickedUp: (returnId: string) =>
    unwrap(supabase.rpc('admin_mark_return_picked_up', { return_id: returnId })),
  /**
   * admin_receive_return: what arrived and what was damaged, every line of the return; resellable
   * units go back to stock, damaged ones are written off (the stock ledger).
   */
  receiveReturn: (args: RpcArgs<'admin_receive_return'>) =>
    unwrap(supabase.rpc('admin_receive_return', args)),
  /** admin_close_return: a received replacement return is done. */
  closeReturn: (returnId: string) => unwrap(supabase.rpc('admin_close_return', { return_id: returnId })),
  /** return_refund_quote: the refund the database proposes for a return, line by line. */
  refundQuote: (returnId: string) => unwrap(supabase.rpc('return_refund_quote', { return_id: returnId })),
  /**
   * admin_create_refund: a refund of the order (of a return, or goodwill). The same request_key (one
   * per opened Refund dialog) again answers the same refund, so a double click makes one. With a reference it records a
   * transfer staff made (processed at once); otherwise it is pending until the refunds function
   * issues it (issueRefunds, or the function's schedule within a minute).
   */
  createRefund: (args: RpcArgs<'admin_create_refund'>) => unwrap(supabase.rpc('admin_create_refund', args)),
  /** admin_retry_refund: a failed refund is pending again, under a new idempotency key. */
  retryRefund: (refundId: string) => unwrap(supabase.rpc('admin_retry_refund', { refund_id: refundId })),
  /** The refunds function issues the order's pending refunds now (Razorpay refunds, RazorpayX payouts). */
  issueRefunds: async (orderId: string) => {
    const { error } = await supabase.functions.invoke('refunds', { body: { order_id: orderId } });
    if (error) throw toAdminError(await functionError(error));
  },
  /**
   * A customer's photo from a private bucket (a return's or a review's; staff read all): a signed URL
   * valid for 10 minutes.
   */
  photoUrl: async (bucket: 'return-photos' | 'review-photos', path: string) => {
    const { data, error } = await supabase.storage.from(bucket).createSignedUrl(path, 600);
    if (error) throw toAdminError(error);
    return data.signedUrl;
  },
  /** How many reviews wait for moderation (status pending): a head request, no rows. */
  pendingReviewCount: async (): Promise<number> => {
    const { count, error } = await supabase
      .from('reviews')
      .select('id', { count: 'exact', head: true })
      .eq('status', 'pending');
    if (error) throw toAdminError(error);
    return count ?? 0;
  },
  /** The categories an attribute is limited to (category_attributes: no id, so not a react-admin resource). */
  attributeCategoryIds: async (attributeId: number): Promise<number[]> => {
    const rows = await unwrap(
      supabase.from('category_attributes').select('category_id').eq('attribute_id', attributeId),
    );
    return rows.map((r) => r.category_id);
  },
  /** Links (on) or unlinks a category and an attribute. */
  setAttributeCategory: async (attributeId: number, categoryId: number, on: boolean): Promise<void> => {
    const { error } = on
      ? await supabase
          .from('category_attributes')
          .insert({ attribute_id: attributeId, category_id: categoryId })
      : await supabase
          .from('category_attributes')
          .delete()
          .eq('attribute_id', attributeId)
          .eq('category_id', categoryId);
    if (error) throw toAdminError(error);
  },
  /** admin_set_product_attributes: the product's filter values, replaced as a whole. */
  setProductAttributes: (args: RpcArgs<'admin_set_product_attributes'>) =>
    unwrap(supabase.rpc('admin_set_product_attributes', args)),
};

export const dataProvider = {
  getList: (resource, params) =>
    baseDataProvider
      .getList(
        resource,
        withComputedColumns(
          resource,
          mapDateFilters(
            resource,
            mapReturnQueue(resource, mapPrefix(resource, mapSearch(resource, params))),
          ),
        ),
      )
      .catch(rethrow),
  getOne: (resource, params) =>
    baseDataProvider.getOne(resource, withComputedColumns(resource, params)).catch(rethrow),
  getMany: (resource, params) =>
    baseDataProvider.getMany(resource, withComputedColumns(resource, params)).catch(rethrow),
  getManyReference: (resource, params) =>
    baseDataProvider.getManyReference(resource, withComputedColumns(resource, params)).catch(rethrow),
  create: (resource, params) => baseDataProvider.create(resource, params).catch(rethrow),
  update: (resource, params) => baseDataProvider.update(resource, params).catch(rethrow),
  updateMany: (resource, params) => baseDataProvider.updateMany(resource, params).catch(rethrow),
  delete: (resource, params) => baseDataProvider.delete(resource, params).catch(rethrow),
  deleteMany: (resource, params) => baseDataProvider.deleteMany(resource, params).catch(rethrow),
} satisfies DataProvider;

/** How long the console reuses staff_access()'s answer before asking again. */
const ACCESS_TTL_MS = 30_000;
let accessCache: { userId: string; at: number; access: Promise<StaffAccess | null> } | null = null;

/**
 * The signed-in staff member's roles and permissions (staff_access()), asked at most every 30 s:
 * react-admin asks canAccess for every menu entry and button. Null when the session is not live
 * staff (a customer, a removed member, a signed-out session).
 */
export async function staffAccess(): Promise<StaffAccess | null> {
  const { data } = await supabase.auth.getSession();
  const userId = data.session?.user.id;
  if (!userId) return null;
  if (accessCache && accessCache.userId === userId && Date.now() - accessCache.at < ACCESS_TTL_MS)
    return accessCache.access;
  const access = (async () => {
    const { data: json, error } = await supabase.rpc('staff_access');
    if (error) throw toAdminError(error);
    return parseStaffAccess(json);
  })();
  const entry = { userId, at: Date.now(), access };
  accessCache = entry;
  access.catch(() => {
    if (accessCache === entry) accessCache = null;
  });
  return access;
}

const baseAuthProvider = supabaseAuthProvider(supabase, {
  getPermissions: async () => staffAccess(),
  getIdentity: async (user) => ({
    id: user.id,
    fullName: (user.user_metadata as { full_name?: string } | undefined)?.full_name ?? user.email ?? 'Staff',
  }),
});

/**
 * The session's claims as auth.getClaims() verifies them; null when there is no session or its token
 * fails verification, 'unknown' when verification could not be asked: the JWKS or Auth unreachable,
 * or the request aborted because the page is being left (getClaims then throws a TypeError, or
 * answers an AuthRetryableFetchError). Signing out then would end a good session on the server, and
 * the next page would find it gone.
 */
async function verifiedClaims(): Promise<JwtPayload | null | 'unknown'> {
  try {
    const { data, error } = await supabase.auth.getClaims();
    if (error) return isAuthRetryableFetchError(error) ? 'unknown' : null;
    return data?.claims ?? null;
  } catch {
    return 'unknown';
  }
}

/**
 * Only a live staff session under 8 hours old opens the console; anything else is signed out and
 * sent to /admin/login. The sign-in time comes from the access token's claims as
 * `auth.getClaims()` verifies them (the JWKS for ES256 keys, Auth itself for legacy HS256 ones),
 * never from a token decoded by hand; whether the account is staff comes from the database
 * (staff_access(), the staff_members table). These checks only shape the UI: RLS decides what can
 * be read and written.
 */
export async function checkAdminSession(): Promise<void> {
  // A failure to ask (the network, a busy server, a request cut off by a page load) is not an answer:
  // the console stays, the database still decides every request. Only claims that fail verification,
  // "not staff" (null) or a refusal that ends the session sign out.
  const claims = await verifiedClaims();
  if (claims === 'unknown') return;
  const staff =
    claims && !isSessionExpired(claims)
      ? await staffAccess().catch((error: unknown) => (toAdminError(error).signsOut ? null : 'unknown'))
      : null;
  if (staff === 'unknown') return;
  if (!staff) {
    const { data: current } = await supabase.auth.getSession();
    if (current.session) await supabase.auth.signOut();
    accessCache = null;
    throw new AdminError(SESSION_ENDED, 'session_expired', '', 401);
  }
}

export const authProvider: AuthProvider = {
  ...baseAuthProvider,
  checkAuth: async () => {
    await checkAdminSession();
  },
  /** What the console shows a role: lib/access.ts, from the database's role_permissions. */
  canAccess: async ({ resource, action }) => allows(await staffAccess(), resource, action),
  /** Signs staff out (react-admin then shows /admin/login) on the failures toAdminError says need it. */
  checkError: async (error: unknown) => {
    if (toAdminError(error).signsOut) return Promise.reject();
  },
  // The outer router's login page (app.tsx), straight: react-admin navigates outside its basename,
  // and '/login' would reach it only through /admin, where a failing call would log out again.
  logout: async () => {
    accessCache = null;
    await supabase.auth.signOut();
    return '/admin/login';
  },
};
