/**
 * The mail templates without a server: HTML escaping of everything customers type, ₹ with Indian
 * grouping, IST dates, a plain-text part that says what the HTML says, the wording per event and per
 * who cancelled, the return mails (each step, the pickup slot in IST words, the rejection's reason) and
 * where a refund goes (the original payment method, a masked UPI ID or bank account, the ARN/UTR), and
 * the Auth templates: each file under supabase/templates/ is exactly what
 * scripts/mail-templates.ts generates from the shared layout (drift check), is wired in config.toml
 * [auth.email.template.<type>] with its subject, and carries GoTrue's variables.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from 'supabase-local';
import { AUTH_TEMPLATES } from '../functions/_shared/mail/auth.ts';
import {
  absoluteUrl,
  escapeHtml,
  istDate,
  istDateTime,
  istDay,
  rupees,
} from '../functions/_shared/mail/format.ts';
import {
  cancelledBy,
  ORDER_EVENTS,
  renderOrderMail,
  type OrderMailPayload,
  type StoreContext,
  readOrderMailPayload,
} from '../functions/_shared/mail/orders.ts';
import {
  isReturnEvent,
  maskVpa,
  pickupSlot,
  refundDestinationText,
  RETURN_EVENTS,
  type ReturnMailInfo,
} from '../functions/_shared/mail/returns.ts';
import { templateFile, TEMPLATES_DIR } from '../../scripts/mail-templates.ts';

const CTX: StoreContext = {
  siteUrl: 'https://furnicraft.in',
  supportEmail: 'care@furnicraft.in',
  supportPhone: '+91 80 4000 1234',
};

const LONG = 'Venkataraghavanarasimhaswamyiyengarsubramanyamchettiarpillai'.repeat(3);

function payload(overrides: Partial<OrderMailPayload> = {}): OrderMailPayload {
  return {
    order_number: 'ORD20261124AB12',
    placed_at: '2026-11-24T16:00:00Z',
    items: [
      {
        name: 'Aarav <b>3-Seater</b> Sofa & "Ottoman"',
        image: '/images/products/aarav-3-seater-fabric-sofa.webp',
        unit_price: 61728,
        quantity: 2,
        line_total: 123456,
        selected_color: 'Walnut <Dark>',
        selected_size: null,
      },
      {
        name: 'Cushion',
        image: 'https://cdn.example.in/cushion.webp',
        unit_price: '499.5',
        quantity: 1,
        line_total: '499.5',
      },
    ],
    subtotal: 123955.5,
    delivery_fee: 0,
    discount: 1000,
    promo_code: 'DIWALI10',
    total: 122955.5,
    shipping_address: {
      fullName: `Asha <script>alert("x")</script> ${LONG}`,
      email: 'asha+home@example.in',
      phone: '+91 98450 12345',
      address: "14, 3rd Cross, O'Brien Road & <Main>",
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560038',
    },
    payment_method: 'cod',
    payment_status: 'pending',
    status: 'pending',
    estimated_delivery_from: '2026-11-30',
    estimated_delivery_to: '2026-12-03',
    ...overrides,
  };
}

describe('formatting', () => {
  it('rupees with Indian grouping (lakh, crore), two decimals, numbers or numeric strings', () => {
    expect(rupees(123456)).toBe('₹1,23,456.00');
    expect(rupees(12345678.5)).toBe('₹1,23,45,678.50');
    expect(rupees('999')).toBe('₹999.00');
    expect(rupees(null)).toBe('₹0.00');
  });

  it('dates in India Standard Time, whatever the server’s zone', () => {
    expect(istDateTime('2026-11-24T16:00:00Z')).toBe('24 Nov 2026, 9:30 pm IST');
    expect(istDateTime('2026-11-24T20:00:00Z')).toBe('25 Nov 2026, 1:30 am IST'); // already tomorrow in India
    expect(istDate('2026-11-30')).toBe('Mon, 30 Nov 2026');
    expect(istDate(null)).toBe('');
  });

  it('escapes the five HTML specials, and joins picture paths to the site', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(absoluteUrl('https://furnicraft.in/', '/images/a.webp')).toBe(
      'https://furnicraft.in/images/a.webp',
    );
    expect(absoluteUrl('https://furnicraft.in', 'https://cdn.x/a.webp')).toBe('https://cdn.x/a.webp');
  });
});

describe('the order mails', () => {
  it('order_placed: number, items with absolute pictures, ₹ amounts, address, payment, IST dates, tracking, contact', () => {
    const m = renderOrderMail('order_placed', payload(), CTX);
    expect(m.subject).toBe('Order ORD20261124AB12 placed: pay ₹1,22,955.50 on delivery');
    for (const part of [m.html, m.text]) {
      expect(part).toContain('ORD20261124AB12');
      expect(part).toContain('₹1,23,456.00'); // line total
      expect(part).toContain('₹61,728.00'); // unit price
      expect(part).toContain('₹1,22,955.50'); // total
      expect(part).toContain('DIWALI10');
      expect(part).toContain('Cash on Delivery · To be paid on delivery');
      expect(part).toContain('Mon, 30 Nov 2026 – Thu, 3 Dec 2026');
      expect(part).toContain('24 Nov 2026, 9:30 pm IST');
      expect(part).toContain('care@furnicraft.in');
      expect(part).toContain('+91 80 4000 1234');
      expect(part).toContain('Bengaluru, Karnataka 560038');
    }
    expect(m.html).toContain('src="https://furnicraft.in/images/products/aarav-3-seater-fabric-sofa.webp"');
    expect(m.html).toContain('src="https://cdn.example.in/cushion.webp"');
    expect(m.html).toContain(
      'href="https://furnicraft.in/track-order?order=ORD20261124AB12&amp;contact=asha%2Bhome%40example.in"',
    );
    expect(m.text).toContain(
      'https://furnicraft.in/track-order?order=ORD20261124AB12&contact=asha%2Bhome%40example.in',
    );
  });

  it('escapes every customer-provided string in the HTML and leaves the text part literal', () => {
    const m = renderOrderMail(
      'shipped',
      payload({ event_description: 'Left <Nagpur> hub & "on time"', event_location: "O'Hare <b>" }),
      CTX,
    );
    expect(m.html).not.toMatch(/<script|<b>3-Seater|<Main>|<Dark>|<Nagpur>|O'Hare <b>/);
    expect(m.html).toContain('Asha &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(m.html).toContain('Aarav &lt;b&gt;3-Seater&lt;/b&gt; Sofa &amp; &quot;Ottoman&quot;');
    expect(m.html).toContain('alt="Aarav &lt;b&gt;3-Seater&lt;/b&gt; Sofa &amp; &quot;Ottoman&quot;"');
    expect(m.html).toContain('O&#39;Brien Road &amp; &lt;Main&gt;');
    expect(m.html).toContain('Colour: Walnut &lt;Dark&gt;');
    expect(m.html).toContain('Left &lt;Nagpur&gt; hub &amp; &quot;on time&quot;');
    expect(m.text).toContain('Asha <script>alert("x")</script>');
    expect(m.text).toContain('Update: Left <Nagpur> hub & "on time"');
    expect(m.text).not.toMatch(/&lt;|&amp;|<td|<p /);
  });

  it('long names wrap instead of widening the mail', () => {
    const m = renderOrderMail('delivered', payload(), CTX);
    expect(m.html).toContain(LONG);
    // the content cell and the item cells break long words; the layout is a fixed 600 px table
    expect(m.html).toMatch(/<td style="padding:24px;word-break:break-word;overflow-wrap:anywhere;">/);
    expect(m.html).toMatch(
      /word-break:break-word;overflow-wrap:anywhere;"><div style="font-weight:bold;">Aarav/,
    );
    expect(m.html).toContain('max-width:600px;width:100%');
  });

  it('one subject and heading per event; the text part is not empty for any', () => {
    const subjects = ORDER_EVENTS.map((e) =>
      renderOrderMail(
        e,
        payload({
          refund_amount: 150000,
          payment_status: 'paid',
          payment_method: 'razorpay',
          return: {
            number: 'RT-100001',
            resolution: 'refund',
            pickup_date: '2026-12-04',
            pickup_window: '09-13',
          },
        }),
        CTX,
      ),
    );
    expect(subjects.map((m) => m.subject)).toEqual([
      'Order ORD20261124AB12 placed: pay ₹1,22,955.50 on delivery',
      'Payment received: order ORD20261124AB12 is confirmed',
      'Your order ORD20261124AB12 has shipped',
      'Your order ORD20261124AB12 is out for delivery',
      'Your order ORD20261124AB12 has been delivered',
      'Order ORD20261124AB12 has been cancelled',
      'Refund of ₹1,50,000.00 started for order ORD20261124AB12',
      'Refund of ₹1,50,000.00 processed for order ORD20261124AB12',
      'Return RT-100001 requested for order ORD20261124AB12',
      'Return RT-100001 approved',
      'Return RT-100001 for order ORD20261124AB12 was not accepted',
      'Pickup for return RT-100001: Fri, 4 Dec, 9 am–1 pm',
      'Return RT-100001 picked up',
      'Return RT-100001 received at our warehouse',
      'Return RT-100001 cancelled',
    ]);
    for (const [i, m] of subjects.entries()) {
      expect(m.text.length).toBeGreaterThan(200);
      // the order's payment under its table; a return mail has the pickup address instead
      if (isReturnEvent(ORDER_EVENTS[i]!)) expect(m.text).toContain('Pickup address:');
      else expect(m.text).toContain('Online payment (Razorpay) · Paid');
      expect(m.html.startsWith('<!doctype html>')).toBe(true);
    }
  });

  it('the shipped mail names the tax invoice once it is issued, and every mail the GST the total includes', () => {
    const shipped = renderOrderMail(
      'shipped',
      payload({ invoice_number: 'FC/2627/000042', tax_total: 18756.43 }),
      CTX,
    );
    expect(shipped.text).toContain(
      'Your tax invoice FC/2627/000042 is ready: download it from Order History in your profile.',
    );
    expect(shipped.html).toContain('Your tax invoice FC/2627/000042 is ready');
    expect(shipped.text).toContain('Total: ₹1,22,955.50\nIncludes GST: ₹18,756.43');
    expect(shipped.html).toMatch(/font-weight:bold;font-size:17px;">Total</);
    const before = renderOrderMail('shipped', payload({ invoice_number: null, tax_total: null }), CTX);
    expect(before.text).not.toContain('tax invoice');
    expect(before.text).not.toContain('Includes GST');
    expect(() => readOrderMailPayload({ ...payload(), invoice_number: 42 })).toThrow(/text fields/);
  });

  it('a cancellation says who cancelled: the customer, the store, or a payment that never came', () => {
    const byCustomer = payload({ event_description: 'Cancelled at your request.' });
    const byStore = payload({ event_description: 'Your order has been cancelled by the store.' });
    const unpaid = payload({
      payment_method: 'razorpay',
      event_description: 'Payment was not received in time, so the order was cancelled.',
      released_unpaid: true,
    });
    expect([byCustomer, byStore, unpaid].map(cancelledBy)).toEqual(['customer', 'store', 'unpaid']);
    expect(renderOrderMail('cancelled', byCustomer, CTX).subject).toBe(
      'Order ORD20261124AB12 cancelled as you asked',
    );
    expect(renderOrderMail('cancelled', byStore, CTX).text).toContain('has been cancelled by the store.');
    const u = renderOrderMail('cancelled', unpaid, CTX);
    expect(u.subject).toBe('Order ORD20261124AB12 cancelled: payment not received');
    expect(u.text).toContain('did not receive the payment');
    const paid = renderOrderMail('cancelled', { ...byCustomer, payment_status: 'paid' }, CTX);
    expect(paid.text).toContain('Your payment will be refunded to the original payment method.');
  });
});

describe('the return mails', () => {
  const ret = (over: Partial<ReturnMailInfo> = {}): ReturnMailInfo => ({
    number: 'RT-100001',
    status: 'requested',
    resolution: 'refund',
    pickup_date: '2026-12-04',
    pickup_window: '13-17',
    rejection_reason: null,
    items: [
      { name: 'Aarav <b>Sofa</b>', quantity: 1, reason_label: 'Damaged in transit' },
      { name: 'Cushion', quantity: 2, reason_label: 'Changed my mind' },
    ],
    ...over,
  });
  const mail = (event: (typeof RETURN_EVENTS)[number], over: Partial<ReturnMailInfo> = {}) =>
    renderOrderMail(event, readOrderMailPayload({ ...payload(), return: ret(over) }), CTX);

  it('pickup slots in IST words, and the day alone without a window', () => {
    expect(istDay('2026-12-04')).toBe('Fri, 4 Dec');
    expect(pickupSlot('2026-12-04', '09-13')).toBe('Fri, 4 Dec, 9 am–1 pm');
    expect(pickupSlot('2026-12-05', '13-17')).toBe('Sat, 5 Dec, 1–5 pm');
    expect(pickupSlot('2026-12-07', '17-20')).toBe('Mon, 7 Dec, 5–8 pm');
    expect(pickupSlot('2026-12-07', null)).toBe('Mon, 7 Dec');
    expect(pickupSlot(null, '09-13')).toBe('');
  });

  it('each step says where the return is; the items with their reasons replace the order’s table', () => {
    const requested = mail('return_requested');
    expect(requested.text).toContain(
      'We have received your request to return items from order ORD20261124AB12. Your return number is RT-100001',
    );
    expect(requested.text).toContain('You asked for a refund and a pickup on Fri, 4 Dec, 1–5 pm.');
    expect(requested.text).toContain('Return: RT-100001\nPickup: Fri, 4 Dec, 1–5 pm');
    expect(requested.text).toContain('Items in this return (order ORD20261124AB12):');
    expect(requested.text).toContain('- Aarav <b>Sofa</b> × 1 (Damaged in transit)');
    expect(requested.text).toContain('- Cushion × 2 (Changed my mind)');
    expect(requested.text).toContain('Pickup address:\nAsha');
    expect(requested.text).not.toContain('Subtotal');
    expect(requested.html).toContain('Aarav &lt;b&gt;Sofa&lt;/b&gt;');
    expect(requested.html).not.toContain('<b>Sofa');
    expect(requested.html).toContain('Damaged in transit');

    const approved = mail('return_approved', { status: 'approved' });
    expect(approved.text).toContain('Our pickup team will collect the items on Fri, 4 Dec, 1–5 pm');
    expect(mail('return_approved', { pickup_date: null }).text).toContain(
      'We will write to you with the pickup slot.',
    );
    expect(mail('return_pickup_scheduled', { pickup_window: '09-13' }).text).toContain(
      'We will collect the items of return RT-100001 on Fri, 4 Dec, 9 am–1 pm',
    );
    expect(mail('return_picked_up').text).toContain('and then start your refund.');
    expect(mail('return_picked_up', { resolution: 'replacement' }).text).toContain('send your replacement');
    expect(mail('return_received').text).toContain('We will start your refund shortly');
    expect(mail('return_cancelled').text).toContain('As you asked, we have cancelled return RT-100001');
  });

  it('a rejection gives the reason, escaped in the HTML', () => {
    const m = mail('return_rejected', {
      status: 'rejected',
      rejection_reason: 'Used & <scratched> beyond "wear"',
    });
    expect(m.subject).toBe('Return RT-100001 for order ORD20261124AB12 was not accepted');
    expect(m.text).toContain('Reason: Used & <scratched> beyond "wear"');
    expect(m.html).toContain('Reason: Used &amp; &lt;scratched&gt; beyond &quot;wear&quot;');
    expect(m.text).not.toContain('Pickup:');
  });

  it('a return mail without its return fails the one mail', () => {
    expect(() => renderOrderMail('return_approved', payload(), CTX)).toThrow('no number');
    expect(() => readOrderMailPayload({ ...payload(), return: { number: 5 } })).toThrow('return');
    expect(() =>
      readOrderMailPayload({ ...payload(), return: { number: 'RT-1', items: [{ quantity: 'x' }] } }),
    ).toThrow('return items');
  });
});

describe('the refund mails', () => {
  const refund = (over: Partial<OrderMailPayload>) =>
    payload({ refund_amount: 123456.5, refund_reason: 'Return RT-100001', payment_status: 'paid', ...over });

  it('mask a UPI ID and an account number; name the original payment method otherwise', () => {
    expect(maskVpa('abhishek.k@okaxis')).toBe('ab***@okaxis');
    expect(maskVpa('ab@ybl')).toBe('a***@ybl');
    expect(refundDestinationText('upi_payout', { vpa: 'asha.rao@okicici' })).toBe(
      'to your UPI ID as***@okicici',
    );
    expect(refundDestinationText('bank_payout', { account_number: '50100012345678' })).toBe(
      'to your bank account ending 5678',
    );
    expect(refundDestinationText('razorpay', null)).toBe('to your original payment method');
    expect(refundDestinationText(null, null)).toBe('to your original payment method');
  });

  it('refund_initiated: the amount in ₹, where it goes and how long it takes', () => {
    const card = renderOrderMail('refund_initiated', refund({ refund_rail: 'razorpay' }), CTX);
    expect(card.text).toContain(
      'We have started a refund of ₹1,23,456.50 for order ORD20261124AB12 to your original payment method. Banks usually take 5–7 working days to show it.',
    );
    const upi = renderOrderMail(
      'refund_initiated',
      refund({
        refund_rail: 'upi_payout',
        refund_destination: { vpa: 'abhishek.k@okaxis' },
        return_number: 'RT-100001',
      }),
      CTX,
    );
    expect(upi.text).toContain(
      'to your UPI ID ab***@okaxis. UPI transfers usually reach your account within a few hours.',
    );
    expect(upi.text).toContain('Return: RT-100001');
    for (const part of [upi.text, upi.html]) expect(part).not.toContain('abhishek.k');
  });

  it('refund_processed: credited, with the bank’s reference (ARN for cards, UTR for payouts)', () => {
    const card = renderOrderMail(
      'refund_processed',
      refund({
        refund_rail: 'razorpay',
        refund_reference: '74836012345678901234567',
        payment_status: 'refunded',
      }),
      CTX,
    );
    expect(card.subject).toBe('Refund of ₹1,23,456.50 processed for order ORD20261124AB12');
    expect(card.text).toContain('has been processed to your original payment method');
    expect(card.text).toContain('Bank reference (ARN): 74836012345678901234567');
    expect(card.text).toContain('Cash on Delivery · Refunded');
    const bank = renderOrderMail(
      'refund_processed',
      refund({
        refund_rail: 'bank_payout',
        refund_destination: { account_name: 'Asha', account_number: '50100012345678', ifsc: 'HDFC0001234' },
        refund_reference: '612345678901',
        payment_status: 'partially_refunded',
      }),
      CTX,
    );
    expect(bank.text).toContain('has been credited to your bank account ending 5678.');
    expect(bank.text).toContain('Bank reference (UTR): 612345678901');
    expect(bank.text).toContain('Cash on Delivery · Partly refunded');
    expect(bank.text).not.toContain('50100012345678');
    const transfer = renderOrderMail(
      'refund_processed',
      refund({ refund_rail: 'manual', refund_reference: 'NEFT-HDFC-0042' }),
      CTX,
    );
    expect(transfer.text).toContain('has been credited by bank transfer.');
    expect(transfer.text).toContain('Transfer reference: NEFT-HDFC-0042');
    expect(() => readOrderMailPayload({ ...refund({}), refund_destination: { vpa: 1 } })).toThrow(
      'refund_destination',
    );
  });
});

describe('the payload', () => {
  it('is read as the outbox writes it, and anything else fails the one mail', () => {
    const ok = { order_number: 'ORD2611240001', total: 24999, items: [{ name: 'Sofa', quantity: 1 }] };
    expect(readOrderMailPayload(ok)).toBe(ok);
    expect(() => readOrderMailPayload(null)).toThrow("the payload's shape is not what the outbox writes");
    expect(() => readOrderMailPayload({ total: 1 })).toThrow('order_number');
    expect(() => readOrderMailPayload({ ...ok, items: [{ name: 3 }] })).toThrow('items');
    expect(() => readOrderMailPayload({ ...ok, shipping_address: 'x' })).toThrow('shipping_address');
    expect(() => readOrderMailPayload({ ...ok, total: {} })).toThrow('total');
  });
});

describe('the Auth templates', () => {
  const raw = loadConfig().raw as {
    auth: { email: { template?: Record<string, { subject?: string; content_path?: string }> } };
  };
  const configured = raw.auth.email.template ?? {};

  it('are exactly what scripts/mail-templates.ts generates from the shared layout (no drift)', async () => {
    for (const t of AUTH_TEMPLATES) {
      const { path, content } = await templateFile(t);
      expect(path).toBe(join(TEMPLATES_DIR, t.file));
      expect(readFileSync(path, 'utf8'), `${t.file}: run pnpm exec tsx scripts/mail-templates.ts`).toBe(
        content,
      );
    }
  });

  it('are wired in config.toml with their subjects, and use GoTrue’s variables', () => {
    expect(Object.keys(configured).sort()).toEqual(AUTH_TEMPLATES.map((t) => t.type).sort());
    for (const t of AUTH_TEMPLATES) {
      expect(configured[t.type]).toEqual({
        subject: t.subject,
        content_path: `./supabase/templates/${t.file}`,
      });
      const html = readFileSync(join(TEMPLATES_DIR, t.file), 'utf8');
      expect(html).toContain('FurniCraft');
      expect(html).toContain('{{ .SiteURL }}/contact');
      expect(html).toContain(
        t.type === 'reauthentication' ? '{{ .Token }}' : 'href="{{ .ConfirmationURL }}"',
      );
    }
    expect(readFileSync(join(TEMPLATES_DIR, 'email_change.html'), 'utf8')).toContain('{{ .NewEmail }}');
  });

  it('config.toml [db.vault] gives the schedule the API URL and the secret key, from the environment', () => {
    const vault = (
      loadConfig(undefined, { SUPABASE_URL: 'http://api.test', SUPABASE_SECRET_KEY: 'sb_secret_test' })
        .raw as {
        db: { vault?: Record<string, string> };
      }
    ).db.vault;
    expect(vault).toEqual({ project_url: 'http://api.test', secret_key: 'sb_secret_test' });
  });
});
