import { CheckCircle2, Circle } from 'lucide-react';
import type { ProgressStep } from '@/features/orders/return-progress';

const when = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** A return's or a refund's steps, ticked as the database records them (times in IST). */
export function ProgressSteps({ steps, label }: { steps: readonly ProgressStep[]; label: string }) {
  return (
    <ol aria-label={label} className="mt-2 space-y-2">
      {steps.map((step) => (
        <li key={step.label} className="flex gap-2 text-sm" data-completed={step.completed}>
          {step.completed ? (
            <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-green-700" />
          ) : (
            <Circle aria-hidden="true" className="size-5 shrink-0 text-stone-300" />
          )}
          <div>
            <p className={step.completed ? 'font-medium' : 'text-stone-600'}>
              {step.label}
              <span className="sr-only">{step.completed ? ' (completed)' : ' (not yet)'}</span>
            </p>
            {step.at && <p className="text-xs text-stone-600">{when.format(new Date(step.at))}</p>}
            {step.detail && <p className="text-stone-700">{step.detail}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}
