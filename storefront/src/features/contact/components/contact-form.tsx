import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { contactMessageSchema, type ContactMessage, type ContactMessageInput } from 'shared/schemas/contact';
import { toast } from '@/lib/toast';
import { Field, inputClass } from '@/components/ui/field';
import { useSendContactMessage } from '@/features/contact/api/contact-messages';

const EMPTY: ContactMessageInput = { fullName: '', email: '', phone: '', subject: '', message: '' };

export function ContactForm({ defaults }: { defaults?: Partial<ContactMessageInput> }) {
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: { ...EMPTY, ...defaults },
  });

  const onSubmit = (values: ContactMessage) =>
    send.mutate(values, {
      onSuccess: () => {
        toast.success('Thank you for your message! We will get back to you soon.');
        reset({ ...EMPTY, ...defaults });
      },
    });

  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}
      className="space-y-4"
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title" className="text-xl font-semibold">
        Send us a Message
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Full Name"
          autoComplete="name"
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          label="Phone Number (optional)"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <Field label="Subject" error={errors.subject?.message} {...register('subject')} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="contact-message" className="text-sm font-medium text-stone-800">
          Message
        </label>
        <textarea
          id="contact-message"
          rows={5}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
          className={inputClass}
          {...register('message')}
        />
        {errors.message && (
          <p id="contact-message-error" className="text-sm text-red-700">
            {errors.message.message}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={send.isPending}
        className="rounded-lg bg-amber-800 px-5 py-2 font-medium text-white hover:bg-amber-900 disabled:opacity-60"
      >
        {send.isPending ? 'Sending…' : 'Send Message'}
      </button>
    </form>
  );
}
