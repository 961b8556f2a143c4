/**
 * The mail templates without a server: HTML escaping of everything customers type, ₹ with Indian
 * grouping, IST dates, a plain-text part that says what the HTML says, the wording per event and per
 * who cancelled, and the Auth templates: each file under supabase/templates/ is exactly what
 * scripts/mail-templates.ts generates from the shared layout (drift check), is wired in config.toml
 * [auth.email.template.<type>] with its subject, and carries GoTrue's variables.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from 'supabase-local';
import { AUTH_TEMPLATES } from '../functions/_shared/mail/auth.ts';
import { absoluteUrl, escapeHtml, istDate, istDateTime, rupees } from '../functions/_shared/mail/format.ts';
import {
  cancelledBy,
  ORDER_EVENTS,
  renderOrderMail,
  type OrderMailPayload,
  type StoreContext,
  readOrderMailPayload,
} from '../functions/_shared/mail/orders.ts';
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
        payload({ refund_amount: 150000, payment_status: 'paid', payment_method: 'razorpay' }),
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
    ]);
    for (const m of subjects) {
      expect(m.text.length).toBeGreaterThan(200);
      expect(m.text).toContain('Online payment (Razorpay) · Paid');
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
