import type { Partner, PartnerList } from '@spotless/sdk';
import { formatCommission } from '@spotless/sdk/rules';
import { type FormEvent, useState } from 'react';
import { DialogFooter } from '../../../components/dialog-footer';
import { Field } from '../../../components/field';
import { ModalDialog } from '../../../components/modal-dialog';
import { fieldErrors } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { usePartnerAction } from '../api/partners';
import {
  formValuesOf,
  type PartnerFormField,
  type PartnerFormValues,
  partnerBody,
  problemsFromServer,
} from '../utils/partner-form';

/** Creating a partner (the list's `create` action) or changing one (its `update` action). */
export function PartnerDialog({
  open,
  partner,
  create,
  onClose,
}: {
  open: boolean;
  partner: Partner | null;
  create: PartnerList['actions']['create'] | undefined;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={open}
      title={partner ? `Edit ${partner.name}` : 'New partner'}
      description={
        partner
          ? 'A new commission rate applies to bookings made from now on.'
          : 'The publishable key is made when you create the partner.'
      }
      onClose={onClose}
      testId="partner-dialog"
    >
      {open ? <PartnerForm key={partner?.id ?? 'new'} partner={partner} create={create} onDone={onClose} /> : null}
    </ModalDialog>
  );
}

function PartnerForm({
  partner,
  create,
  onDone,
}: {
  partner: Partner | null;
  create: PartnerList['actions']['create'] | undefined;
  onDone: () => void;
}) {
  const perform = usePartnerAction();
  const [values, setValues] = useState<PartnerFormValues>(() => formValuesOf(partner));
  const [problems, setProblems] = useState<Partial<Record<PartnerFormField, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const action = partner ? partner.actions.update : create;
  const set = (name: keyof PartnerFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!action || perform.isPending) return;
    const result = partnerBody(values, action.fields.find((f) => f.name === 'commissionRateBps')?.max);
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    setProblems({});
    setMessage(null);
    perform.mutate(
      { action, body: result.body },
      {
        onSuccess: (saved) => {
          toast({
            title: partner ? 'Partner saved' : 'Partner created',
            description: `${saved.name}: ${formatCommission(saved.commissionRateBps)} commission.`,
          });
          onDone();
        },
        onError: (error) => {
          const named = problemsFromServer(fieldErrors(error));
          setProblems(named);
          if (Object.keys(named).length === 0) setMessage('Could not save the partner. Please try again.');
        },
      },
    );
  };

  return (
    <form className="form admin-dialog" noValidate onSubmit={submit} aria-busy={perform.isPending}>
      {message ? (
        <p className="alert alert--error" role="alert">
          {message}
        </p>
      ) : null}
      <Field label="Name" error={problems.name}>
        {(control) => <input {...control} value={values.name} onChange={set('name')} maxLength={100} />}
      </Field>
      <Field
        label="Allowed origins"
        hint="One per line: https://realty.example, or http://127.0.0.1:* for any port."
        error={problems.allowedOrigins}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={values.allowedOrigins}
            onChange={set('allowedOrigins')}
            spellCheck={false}
            autoCapitalize="off"
          />
        )}
      </Field>
      <div className="admin-partners__row">
        <Field label="Commission (%)" error={problems.commissionRateBps}>
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              value={values.commissionPercent}
              onChange={set('commissionPercent')}
            />
          )}
        </Field>
        <Field label="Requests per minute" error={problems.rateLimitPerMinute}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              value={values.rateLimitPerMinute}
              onChange={set('rateLimitPerMinute')}
            />
          )}
        </Field>
      </div>
      <Field label="Contact email (optional)" error={problems.contactEmail}>
        {(control) => <input {...control} type="email" value={values.contactEmail} onChange={set('contactEmail')} />}
      </Field>
      <DialogFooter
        submitLabel={partner ? 'Save' : 'Create partner'}
        pendingLabel="Saving..."
        pending={perform.isPending}
        canSubmit={Boolean(action)}
        onCancel={onDone}
      />
    </form>
  );
}
