/**
 * RazorpayX Payouts, the composite API (contact, fund account and payout in one call), as RazorpayX
 * answers it:
 *
 *   POST /v1/payouts       body { account_number, amount (paise), currency 'INR', mode, purpose,
 *                          fund_account: { account_type: 'vpa', vpa: { address }, contact } |
 *                          { account_type: 'bank_account', bank_account: { name, ifsc, account_number },
 *                          contact }, queue_if_low_balance?, reference_id?, narration?, notes? }
 *                          header X-Payout-Idempotency (mandatory, 4–36 of [A-Za-z0-9 _-]): the same
 *                          key and body return the same payout, another body is refused
 *                          → the payout entity, `processing` (fees and tax known, utr null)
 *   GET  /v1/payouts/:id   the payout
 *
 * A processing payout settles after the sandbox's settle delay (or when a test settles it):
 * `processed` with its `utr` (payout.processed), or, for RazorpayX test mode's failure VPA
 * `failure@razorpay`, `failed` (payout.failed), for the bank account number `0000000000` (or any
 * payout made while `faults.payoutFailure` is on) `reversed` (payout.reversed), both with
 * `status_details { description, source, reason }`. The sandbox's account has balance enough for
 * anything. `faults.payoutOutage` makes creation answer 500 SERVER_ERROR without making anything.
 */
import {
  nowSeconds,
  randomDigits,
  razorpayId,
  RazorpayError,
  readNotes,
  type RazorpayContact,
  type RazorpayFundAccount,
  type RazorpayPayout,
} from './entities.ts';
import type { SandboxEffects, SandboxFaults } from './refunds.ts';

/** RazorpayX test mode's VPA whose payouts fail. */
export const FAILURE_VPA = 'failure@razorpay';
/** The sandbox's bank account number whose payouts are reversed by the beneficiary bank. */
export const REVERSED_BANK_ACCOUNT = '0000000000';

const MODES = ['UPI', 'IMPS', 'NEFT', 'RTGS'] as const;
type Mode = (typeof MODES)[number];
const PURPOSES = ['refund', 'cashback', 'payout', 'salary', 'utility bill', 'vendor bill'];
const CONTACT_TYPES = ['customer', 'employee', 'vendor', 'self'];
const VPA = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const BANK_ACCOUNT_NUMBER = /^[A-Za-z0-9]{5,35}$/;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9 _-]{4,36}$/;
const NARRATION = /^[A-Za-z0-9 ]{1,30}$/;
const BANKS: Record<string, string> = {
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  SBIN: 'State Bank of India',
  UTIB: 'Axis Bank',
  KKBK: 'Kotak Mahindra Bank',
  YESB: 'Yes Bank',
  PUNB: 'Punjab National Bank',
  BARB: 'Bank of Baroda',
};

const FEES: Record<Mode, number> = { UPI: 500, IMPS: 500, NEFT: 300, RTGS: 2500 };

export class PayoutDesk {
  private readonly payouts = new Map<string, RazorpayPayout>();
  private readonly byKey = new Map<string, { body: string; payoutId: string }>();

  constructor(
    private readonly accountNumber: string,
    private readonly faults: SandboxFaults,
    private readonly effects: SandboxEffects,
  ) {}

  payout(id: string): RazorpayPayout {
    const p = this.payouts.get(id);
    if (!p) throw new RazorpayError(400, 'The id provided does not exist');
    return p;
  }

  create(body: Record<string, unknown>, idempotencyKey: string | undefined): RazorpayPayout {
    if (idempotencyKey === undefined || idempotencyKey === '') {
      throw new RazorpayError(
        400,
        'Idempotency key is missing. Include idempotency header and key in the request.',
        'X-Payout-Idempotency',
      );
    }
    if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new RazorpayError(
        400,
        'The idempotency key must be 4 to 36 characters long and may contain only letters, numbers, spaces, hyphens and underscores.',
        'X-Payout-Idempotency',
      );
    }
    const canonical = JSON.stringify(body);
    const seen = this.byKey.get(idempotencyKey);
    if (seen) {
      if (seen.body !== canonical) {
        throw new RazorpayError(400, 'Different request body sent for the same Idempotency Header');
      }
      return this.payout(seen.payoutId);
    }
    const request = this.validate(body);
    if (this.faults.payoutOutage) {
      throw new RazorpayError(
        500,
        'The server encountered an error. The incident has been reported to admins.',
        undefined,
        'SERVER_ERROR',
      );
    }
    const created = nowSeconds();
    const contact: RazorpayContact = {
      id: razorpayId('cont'),
      entity: 'contact',
      created_at: created,
      batch_id: null,
      active: true,
      ...request.contact,
    };
    const fundAccount: RazorpayFundAccount = {
      id: razorpayId('fa'),
      entity: 'fund_account',
      contact_id: contact.id,
      contact,
      account_type: request.account.type,
      ...(request.account.type === 'vpa'
        ? {
            vpa: {
              username: request.account.address.split('@')[0]!,
              handle: request.account.address.split('@')[1]!,
              address: request.account.address,
            },
          }
        : {
            bank_account: {
              ifsc: request.account.ifsc,
              bank_name:
                BANKS[request.account.ifsc.slice(0, 4)] ?? `${request.account.ifsc.slice(0, 4)} Bank`,
              name: request.account.name,
              notes: [],
              account_number: request.account.accountNumber,
            },
          }),
      batch_id: null,
      active: true,
      created_at: created,
    };
    const fees = FEES[request.mode];
    const payout: RazorpayPayout = {
      id: razorpayId('pout'),
      entity: 'payout',
      fund_account_id: fundAccount.id,
      fund_account: fundAccount,
      amount: request.amount,
      currency: 'INR',
      notes: request.notes,
      // fees include 18% GST
      fees: fees + Math.round(fees * 0.18),
      tax: Math.round(fees * 0.18),
      status: 'processing',
      purpose: request.purpose,
      utr: null,
      mode: request.mode,
      reference_id: request.referenceId,
      narration: request.narration,
      batch_id: null,
      failure_reason: null,
      status_details: null,
      created_at: created,
      fee_type: '',
    };
    this.payouts.set(payout.id, payout);
    this.byKey.set(idempotencyKey, { body: canonical, payoutId: payout.id });
    const end: 'processed' | 'failed' | 'reversed' =
      request.account.type === 'vpa' && request.account.address.toLowerCase() === FAILURE_VPA
        ? 'failed'
        : (request.account.type === 'bank_account' &&
              request.account.accountNumber === REVERSED_BANK_ACCOUNT) ||
            this.faults.payoutFailure === true
          ? 'reversed'
          : 'processed';
    this.effects.later(() => this.settle(payout, end));
    this.effects.emit('payout.initiated', ['payout'], { payout: { entity: payout } });
    return payout;
  }

  private settle(payout: RazorpayPayout, end: 'processed' | 'failed' | 'reversed'): void {
    if (payout.status !== 'processing') return;
    payout.status = end;
    if (end === 'processed') {
      payout.utr = utrFor(payout.mode);
    } else if (end === 'failed') {
      payout.status_details = {
        description:
          'Payout failed as the beneficiary VPA is invalid. Please retry with correct beneficiary details.',
        source: 'beneficiary_bank',
        reason: 'invalid_beneficiary_details',
      };
    } else {
      payout.status_details = {
        description:
          'Payout failed and the amount was reversed as the beneficiary bank rejected it. Please retry with correct beneficiary details.',
        source: 'beneficiary_bank',
        reason: 'beneficiary_bank_rejected',
      };
    }
    payout.failure_reason = payout.status_details?.description ?? null;
    this.effects.emit(`payout.${end}`, ['payout'], { payout: { entity: payout } });
  }

  private validate(body: Record<string, unknown>) {
    const required = (value: unknown, field: string): void => {
      if (value === undefined || value === null || value === '') {
        throw new RazorpayError(400, `The ${field} field is required.`, field);
      }
    };
    const text = (value: unknown, field: string, max: number): string => {
      if (typeof value !== 'string') throw new RazorpayError(400, `The ${field} must be a string.`, field);
      if (value.length > max) {
        throw new RazorpayError(400, `The ${field} may not be greater than ${max} characters.`, field);
      }
      return value;
    };
    const optionalText = (value: unknown, field: string, max: number): string | null =>
      value === undefined || value === null ? null : text(value, field, max);

    const { account_number, amount, currency, mode, purpose, fund_account, queue_if_low_balance } = body;
    required(account_number, 'account_number');
    if (account_number !== this.accountNumber) {
      throw new RazorpayError(400, 'The account number is invalid.', 'account_number');
    }
    required(amount, 'amount');
    if (typeof amount !== 'number' || !Number.isInteger(amount)) {
      throw new RazorpayError(400, 'The amount must be an integer.', 'amount');
    }
    if (amount < 100) throw new RazorpayError(400, 'The amount must be at least 100.', 'amount');
    required(currency, 'currency');
    if (currency !== 'INR') throw new RazorpayError(400, 'The selected currency is invalid.', 'currency');
    required(mode, 'mode');
    if (typeof mode !== 'string' || !(MODES as readonly string[]).includes(mode)) {
      throw new RazorpayError(400, 'The selected mode is invalid.', 'mode');
    }
    const payoutMode = MODES.find((m) => m === mode)!;
    required(purpose, 'purpose');
    if (typeof purpose !== 'string' || !PURPOSES.includes(purpose)) {
      throw new RazorpayError(400, 'The selected purpose is invalid.', 'purpose');
    }
    if (queue_if_low_balance !== undefined && typeof queue_if_low_balance !== 'boolean') {
      throw new RazorpayError(
        400,
        'The queue if low balance field must be true or false.',
        'queue_if_low_balance',
      );
    }
    const referenceId = optionalText(body.reference_id, 'reference_id', 40);
    const narration = optionalText(body.narration, 'narration', 30);
    if (narration !== null && !NARRATION.test(narration)) {
      throw new RazorpayError(400, 'The narration format is invalid.', 'narration');
    }
    const notes = readNotes(body.notes);

    required(fund_account, 'fund_account');
    if (typeof fund_account !== 'object' || Array.isArray(fund_account)) {
      throw new RazorpayError(400, 'The fund account must be an array.', 'fund_account');
    }
    const fa: Record<string, unknown> = { ...fund_account };
    required(fa.account_type, 'fund_account.account_type');
    const contact = this.contact(fa.contact, required, text, optionalText);
    let account:
      | { type: 'vpa'; address: string }
      | { type: 'bank_account'; name: string; ifsc: string; accountNumber: string };
    if (fa.account_type === 'vpa') {
      required(fa.vpa, 'fund_account.vpa');
      const vpa: Record<string, unknown> = typeof fa.vpa === 'object' ? { ...fa.vpa } : {};
      required(vpa.address, 'fund_account.vpa.address');
      if (typeof vpa.address !== 'string' || !VPA.test(vpa.address)) {
        throw new RazorpayError(
          400,
          'Invalid VPA. Please enter a valid Virtual Payment Address',
          'fund_account.vpa.address',
        );
      }
      if (payoutMode !== 'UPI') {
        throw new RazorpayError(
          400,
          `Payout mode ${payoutMode} is not supported for fund account type vpa`,
          'mode',
        );
      }
      account = { type: 'vpa', address: vpa.address };
    } else if (fa.account_type === 'bank_account') {
      required(fa.bank_account, 'fund_account.bank_account');
      const bank: Record<string, unknown> = typeof fa.bank_account === 'object' ? { ...fa.bank_account } : {};
      required(bank.name, 'fund_account.bank_account.name');
      const name = text(bank.name, 'fund_account.bank_account.name', 120);
      if (name.trim().length < 3) {
        throw new RazorpayError(
          400,
          'The fund account.bank account.name must be at least 3 characters.',
          'fund_account.bank_account.name',
        );
      }
      required(bank.ifsc, 'fund_account.bank_account.ifsc');
      if (typeof bank.ifsc !== 'string' || !IFSC.test(bank.ifsc)) {
        throw new RazorpayError(400, 'Invalid IFSC Code in Bank Account', 'fund_account.bank_account.ifsc');
      }
      required(bank.account_number, 'fund_account.bank_account.account_number');
      if (typeof bank.account_number !== 'string' || !BANK_ACCOUNT_NUMBER.test(bank.account_number)) {
        throw new RazorpayError(
          400,
          'The fund account.bank account.account number format is invalid.',
          'fund_account.bank_account.account_number',
        );
      }
      if (payoutMode === 'UPI') {
        throw new RazorpayError(
          400,
          'Payout mode UPI is not supported for fund account type bank_account',
          'mode',
        );
      }
      account = { type: 'bank_account', name, ifsc: bank.ifsc, accountNumber: bank.account_number };
    } else {
      throw new RazorpayError(
        400,
        'The selected fund account.account type is invalid.',
        'fund_account.account_type',
      );
    }
    return { amount, mode: payoutMode, purpose, referenceId, narration, notes, contact, account };
  }

  private contact(
    value: unknown,
    required: (value: unknown, field: string) => void,
    text: (value: unknown, field: string, max: number) => string,
    optionalText: (value: unknown, field: string, max: number) => string | null,
  ): Pick<RazorpayContact, 'name' | 'email' | 'contact' | 'type' | 'reference_id' | 'notes'> {
    required(value, 'fund_account.contact');
    const c: Record<string, unknown> = typeof value === 'object' && value !== null ? { ...value } : {};
    required(c.name, 'fund_account.contact.name');
    const name = text(c.name, 'fund_account.contact.name', 50);
    if (name.trim().length < 3) {
      throw new RazorpayError(
        400,
        'The fund account.contact.name must be at least 3 characters.',
        'fund_account.contact.name',
      );
    }
    const email = optionalText(c.email, 'fund_account.contact.email', 254);
    if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      throw new RazorpayError(
        400,
        'The fund account.contact.email must be a valid email address.',
        'fund_account.contact.email',
      );
    }
    const phone = optionalText(c.contact, 'fund_account.contact.contact', 15);
    if (phone !== null && !/^\+?[0-9]{8,14}$/.test(phone)) {
      throw new RazorpayError(
        400,
        'The fund account.contact.contact format is invalid.',
        'fund_account.contact.contact',
      );
    }
    const type = optionalText(c.type, 'fund_account.contact.type', 40);
    if (type !== null && !CONTACT_TYPES.includes(type)) {
      throw new RazorpayError(
        400,
        'The selected fund account.contact.type is invalid.',
        'fund_account.contact.type',
      );
    }
    const referenceId = optionalText(c.reference_id, 'fund_account.contact.reference_id', 40);
    return { name, email, contact: phone, type, reference_id: referenceId, notes: readNotes(c.notes) };
  }
}

/** A bank's transaction reference: UPI and IMPS a 12-digit RRN, NEFT/RTGS a 16-character UTR. */
function utrFor(mode: RazorpayPayout['mode']): string {
  if (mode === 'UPI' || mode === 'IMPS') return randomDigits(12);
  return `HDFC${mode === 'NEFT' ? 'N' : 'R'}${randomDigits(11)}`;
}
