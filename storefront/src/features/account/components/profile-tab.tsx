import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { profileSchema, type ProfileInput } from 'shared/schemas/profile';
import { toast } from '@/lib/toast';
import { Field } from '@/components/ui/field';
import { PageSpinner } from '@/components/ui/page-spinner';
import { profileQueries, useUpdateProfile } from '@/features/account/api/profiles';
import { FormActions, primaryClass } from '@/components/ui/form-actions';

type ProfileOutput = ReturnType<typeof profileSchema.parse>;

export function ProfileTab({ userId, email }: { userId: string; email: string }) {
  const { data, isPending } = useQuery(profileQueries.detail(userId));
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile(userId);
  const form = useForm<ProfileInput, unknown, ProfileOutput>({ resolver: zodResolver(profileSchema) });

  if (isPending) return <PageSpinner />;
  const values = { fullName: data?.full_name ?? '', phone: data?.phone ?? '' };

  if (!editing) {
    return (
      <div>
        <dl className="grid gap-3 sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-stone-600">Full Name</dt>
          <dd>{values.fullName || '—'}</dd>
          <dt className="font-medium text-stone-600">Email</dt>
          <dd>{email}</dd>
          <dt className="font-medium text-stone-600">Phone Number</dt>
          <dd>{values.phone || '—'}</dd>
        </dl>
        <button
          type="button"
          className={`${primaryClass} mt-6`}
          onClick={() => {
            form.reset(values);
            setEditing(true);
          }}
        >
          Edit
        </button>
      </div>
    );
  }

  const errors = form.formState.errors;
  return (
    <form
      noValidate
      className="max-w-md space-y-4"
      onSubmit={(e) =>
        void form.handleSubmit((v) =>
          update.mutate(v, {
            onSuccess: () => {
              toast.success('Profile updated successfully!');
              setEditing(false);
            },
          }),
        )(e)
      }
    >
      <Field
        label="Full Name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...form.register('fullName')}
      />
      <Field label="Email" value={email} readOnly disabled />
      <Field
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <FormActions saving={update.isPending} onCancel={() => setEditing(false)} />
    </form>
  );
}
