import { useQuery } from '@tanstack/react-query';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { useState } from 'react';
import { useUser } from '@/features/auth/hooks/use-session';
import { ContactForm } from '@/features/contact/components/contact-form';
import { faq, QUICK_HELP } from '@/features/contact/faq';
import { storeSettingsQueries } from '@/features/store/api/store-settings';
import { usePageTitle } from '@/lib/use-page-title';

const STORE_HOURS = ['Monday to Saturday: 9:00 AM to 8:00 PM', 'Sunday: 10:00 AM to 6:00 PM'];

export function Component() {
  usePageTitle('Contact Us', 'Contact FurniCraft: store details, quick help, FAQ and a message form.');
  const user = useUser();
  const [openFaq, setOpenFaq] = useState<string | null>(null);
  // The address, phone and e-mail staff keep in store_settings (the footer and /legal show the same).
  const business = useQuery(storeSettingsQueries.business()).data;
  const returnWindowDays = useQuery(storeSettingsQueries.returnTerms()).data?.return_window_days;
  const details = [
    { icon: MapPin, title: 'Visit Us', lines: [business?.registered_address] },
    { icon: Phone, title: 'Call Us', lines: [business?.customer_care_phone] },
    { icon: Mail, title: 'Email Us', lines: [business?.customer_care_email] },
    { icon: Clock, title: 'Store Hours', lines: STORE_HOURS },
  ];

  const showAnswer = (faqId: string) => {
    setOpenFaq(faqId);
    requestAnimationFrame(() => {
      const el = document.getElementById(faqId);
      el?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      el?.querySelector('summary')?.focus();
    });
  };

  return (
    <>
      <h1 className="text-3xl font-bold">Contact Us</h1>
      <p className="mt-2 text-stone-600">Questions about an order or a product? We are happy to help.</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_2fr]">
        <div className="space-y-6">
          <section
            aria-labelledby="contact-info-title"
            className="rounded-xl border border-stone-200 bg-white p-5"
          >
            <h2 id="contact-info-title" className="text-xl font-semibold">
              Contact Information
            </h2>
            <ul className="mt-4 space-y-4">
              {details.map(({ icon: Icon, title, lines }) => (
                <li key={title} className="flex gap-3">
                  <Icon aria-hidden="true" className="size-5 shrink-0 text-amber-800" />
                  <div>
                    <p className="font-medium">{title}</p>
                    {lines.map((l, i) => (
                      <p key={i} className="min-h-5 text-sm text-stone-600">
                        {l}
                      </p>
                    ))}
                  </div>
                </li>
              ))}
            </ul>
          </section>
          <section
            aria-labelledby="quick-help-title"
            className="rounded-xl border border-stone-200 bg-white p-5"
          >
            <h2 id="quick-help-title" className="text-xl font-semibold">
              Quick Help
            </h2>
            <ul className="mt-4 grid grid-cols-2 gap-2">
              {QUICK_HELP.map((q) => (
                <li key={q.label}>
                  <button
                    type="button"
                    onClick={() => showAnswer(q.faqId)}
                    className="w-full rounded-lg border border-stone-300 px-3 py-2 text-sm font-medium hover:bg-stone-100"
                  >
                    {q.label}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <section className="rounded-xl border border-stone-200 bg-white p-5">
          <ContactForm
            defaults={{
              fullName: (user?.user_metadata?.full_name as string | undefined) ?? '',
              email: user?.email ?? '',
            }}
          />
        </section>
      </div>
      <section aria-labelledby="faq-title" className="mt-12">
        <h2 id="faq-title" className="mb-4 text-2xl font-semibold">
          Frequently Asked Questions
        </h2>
        <div className="space-y-2">
          {faq(returnWindowDays).map((f) => (
            <details
              key={f.id}
              id={f.id}
              open={openFaq === f.id}
              onToggle={(e) => {
                const isOpen = (e.currentTarget as HTMLDetailsElement).open;
                if (isOpen) setOpenFaq(f.id);
                else if (openFaq === f.id) setOpenFaq(null);
              }}
              className="rounded-xl border border-stone-200 bg-white p-4"
            >
              <summary className="cursor-pointer font-medium">{f.question}</summary>
              <p className="mt-2 text-stone-700">{f.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </>
  );
}
