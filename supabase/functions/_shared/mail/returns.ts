// The return and refund parts of the order mails (issue 19): what a return mail says at each step
// (requested → approved | rejected → pickup scheduled → picked up → received; or cancelled), the
// pickup slot in IST words ("Fri, 4 Dec, 9 am–1 pm"), and where a refund goes ("to your UPI ID
// ab***@okaxis": a payout's UPI ID or bank account is masked, as a bank's own mails do). Plain
// TypeScript: the function (Deno) and the tests (Node) run this one copy.
import { istDay } from './format.ts';

export const RETURN_EVENTS = [
  'return_requested',
  'return_approved',
  'return_rejected',
  'return_pickup_scheduled',
  'return_picked_up',
  'return_received',
  'return_cancelled',
] as const;
export type ReturnEvent = (typeof RETURN_EVENTS)[number];

export const isReturnEvent = (event: string): event is ReturnEvent =>
  (RETURN_EVENTS as readonly string[]).includes(event);

export interface ReturnMailItem {
  name?: string | null;
  quantity?: number | null;
  reason_label?: string | null;
}

/** The payload's `return` object, as the outbox writes it for return events. */
export interface ReturnMailInfo {
  number?: string | null;
  status?: string | null;
  resolution?: string | null;
  items?: ReturnMailItem[] | null;
  /** 'YYYY-MM-DD', a day in India */
  pickup_date?: string | null;
  /** '09-13' | '13-17' | '17-20' (IST) */
  pickup_window?: string | null;
  rejection_reason?: string | null;
}

/** refunds.destination of a payout: {vpa} or {account_name, account_number, ifsc}. */
export interface RefundDestination {
  vpa?: string | null;
  account_name?: string | null;
  account_number?: string | null;
  ifsc?: string | null;
}

export const PICKUP_WINDOWS: Record<string, string> = {
  '09-13': '9 am–1 pm',
  '13-17': '1–5 pm',
  '17-20': '5–8 pm',
};

/** "Fri, 4 Dec, 9 am–1 pm"; the day alone when the window is unknown; '' with no day. */
export function pickupSlot(date: string | null | undefined, window: string | null | undefined): string {
  const day = istDay(date);
  if (!day) return '';
  const hours = window ? PICKUP_WINDOWS[window] : undefined;
  return hours ? `${day}, ${hours}` : day;
}

/** "ab***@okaxis": the first two characters of the name (one when it is that short) and the handle. */
export function maskVpa(vpa: string): string {
  const at = vpa.lastIndexOf('@');
  if (at < 0) return `${vpa.slice(0, 2)}***`;
  const name = vpa.slice(0, at);
  return `${name.slice(0, name.length > 2 ? 2 : 1)}***${vpa.slice(at)}`;
}

/** The last four digits of an account number (masked or not). */
const lastFour = (n: string) => n.replace(/\D/g, '').slice(-4);

/** Where the refund goes, as the end of "We have started a refund of ₹x for order n …". */
export function refundDestinationText(
  rail: string | null | undefined,
  dest: RefundDestination | null | undefined,
): string {
  switch (rail) {
    case 'upi_payout':
      return dest?.vpa ? `to your UPI ID ${maskVpa(dest.vpa)}` : 'to your UPI ID';
    case 'bank_payout': {
      const last = dest?.account_number ? lastFour(dest.account_number) : '';
      return last ? `to your bank account ending ${last}` : 'to your bank account';
    }
    case 'manual':
      return 'by bank transfer';
    default:
      return 'to your original payment method';
  }
}

/** The bank's reference, named as the customer's bank names it (ARN for card refunds, UTR for transfers). */
export function referenceLabel(rail: string | null | undefined): string {
  if (rail === 'upi_payout' || rail === 'bank_payout') return 'Bank reference (UTR)';
  if (rail === 'manual') return 'Transfer reference';
  return 'Bank reference (ARN)';
}

/** How long the money takes, after "We have started a refund …". */
export function refundTiming(rail: string | null | undefined): string {
  if (rail === 'upi_payout') return 'UPI transfers usually reach your account within a few hours.';
  if (rail === 'bank_payout') return 'Bank transfers usually reach your account within one working day.';
  if (rail === 'manual') return '';
  return 'Banks usually take 5–7 working days to show it.';
}

export interface ReturnCopy {
  subject: string;
  heading: string;
  intro: string[];
}

/** The words of one return mail. `r` is the return as the payload gives it. */
export function returnCopy(
  event: ReturnEvent,
  orderNumber: string,
  hello: string,
  r: ReturnMailInfo,
): ReturnCopy {
  const n = orderNumber;
  const rn = r.number ?? '';
  const slot = pickupSlot(r.pickup_date, r.pickup_window);
  const replacement = r.resolution === 'replacement';
  const pack = 'Please keep the items packed, with their parts and accessories.';
  switch (event) {
    case 'return_requested':
      return {
        subject: `Return ${rn} requested for order ${n}`,
        heading: 'We have your return request',
        intro: [
          hello,
          `We have received your request to return items from order ${n}. Your return number is ${rn}; we will review it and write to you.`,
          `You asked for ${replacement ? 'a replacement' : 'a refund'}${slot ? ` and a pickup on ${slot}` : ''}.`,
        ],
      };
    case 'return_approved':
      return {
        subject: `Return ${rn} approved`,
        heading: 'Your return is approved',
        intro: [
          hello,
          `We have approved return ${rn} for order ${n}. ${slot ? `Our pickup team will collect the items on ${slot} from the address below.` : 'We will write to you with the pickup slot.'}`,
          pack,
        ],
      };
    case 'return_rejected':
      return {
        subject: `Return ${rn} for order ${n} was not accepted`,
        heading: 'We could not accept your return',
        intro: [
          hello,
          `We are sorry: we could not accept return ${rn} for order ${n}.`,
          ...(r.rejection_reason ? [`Reason: ${r.rejection_reason}`] : []),
          'If you think this is a mistake, please contact us: we are happy to look again.',
        ],
      };
    case 'return_pickup_scheduled':
      return {
        subject: slot ? `Pickup for return ${rn}: ${slot}` : `Pickup scheduled for return ${rn}`,
        heading: 'Your pickup is scheduled',
        intro: [
          hello,
          `We will collect the items of return ${rn} ${slot ? `on ${slot}` : 'soon'} from the address below. Our pickup partner will call you before arriving.`,
          pack,
        ],
      };
    case 'return_picked_up':
      return {
        subject: `Return ${rn} picked up`,
        heading: 'We have picked up your return',
        intro: [
          hello,
          `We have collected the items of return ${rn}. We will check them when they reach our warehouse and then ${replacement ? 'send your replacement' : 'start your refund'}.`,
        ],
      };
    case 'return_received':
      return {
        subject: `Return ${rn} received at our warehouse`,
        heading: 'Your return has reached us',
        intro: [
          hello,
          `The items of return ${rn} have reached our warehouse and been checked. ${replacement ? 'We will send your replacement and write to you when it ships.' : 'We will start your refund shortly and write to you when it is on its way.'}`,
        ],
      };
    case 'return_cancelled':
      return {
        subject: `Return ${rn} cancelled`,
        heading: 'Your return is cancelled',
        intro: [
          hello,
          `As you asked, we have cancelled return ${rn} for order ${n}. The items stay with you; you can request a new return while the return window is open.`,
        ],
      };
  }
}
