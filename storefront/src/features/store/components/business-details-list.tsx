import type { ReactNode } from 'react';

/**
 * Label/value rows of the seller's details (the /legal pages, the product page's declarations): a
 * row whose value staff have not set is left out rather than shown empty.
 */
export function DetailsList({
  rows,
  className = 'mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]',
}: {
  rows: [label: string, value: ReactNode, testId?: string][];
  className?: string;
}) {
  return (
    <dl className={className}>
      {rows
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value, testId]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-stone-600">{label}</dt>
            <dd className="break-words" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
    </dl>
  );
}

/** A phone number as a link that dials it (spaces and punctuation dropped from the href). */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={`tel:${phone.replace(/[^+\d]/g, '')}`} className="text-amber-800 underline">
      {phone}
    </a>
  );
}

export function EmailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="text-amber-800 underline">
      {email}
    </a>
  );
}
