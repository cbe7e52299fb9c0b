import { type ContactMessageInput, contactProblems } from '@spotless/sdk';
import { type FormEvent, useRef, useState } from 'react';
import { Field } from '../../../components/field';
import { PageTitle } from '../../../components/page-title';
import { formErrors } from '../../../lib/api-errors';
import { policy } from '../../../lib/policy';
import { toast } from '../../../lib/toast';
import { useSendContactMessage } from '../api/contact.mutations';
import { ContactDetails } from './contact-details';

type FieldName = keyof ContactMessageInput;

const EMPTY: ContactMessageInput = { firstName: '', lastName: '', email: '', subject: '', message: '' };
const FIELD_ORDER: FieldName[] = ['firstName', 'lastName', 'email', 'subject', 'message'];

export function ContactPage() {
  const [values, setValues] = useState<ContactMessageInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const send = useSendContactMessage();

  const update = (name: FieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    // The form's own rules first: an incomplete form is not sent, its messages show at once.
    const problems = contactProblems(values);
    const firstProblem = FIELD_ORDER.find((name) => problems[name]);
    if (firstProblem) {
      setErrors(problems);
      formRef.current?.querySelector<HTMLElement>(`[name="${firstProblem}"]`)?.focus();
      return;
    }
    setErrors({});
    send.mutate(values, {
      onSuccess: () => {
        setValues(EMPTY);
        toast({
          title: 'Message Sent',
          description: `We'll get back to you within ${policy.supportResponseHours} hours.`,
        });
      },
      onError: (error) => {
        // Messages that name a field go under it, and nothing else; a toast only for the others.
        const { fields, message } = formErrors(error, FIELD_ORDER, '');
        setErrors(fields);
        if (message === null) {
          const first = FIELD_ORDER.find((name) => fields[name]);
          formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
          return;
        }
        toast({
          title: 'Message Not Sent',
          description: 'Failed to send your message. Please try again or email us directly.',
          variant: 'destructive',
        });
      },
    });
  };

  const fieldProps = (name: FieldName) => ({
    name,
    value: values[name],
    required: true,
    onChange: (event: { target: { value: string } }) => update(name, event.target.value),
  });

  /** The field's wrapper, label and error, with the fixed ids and test ids this page has always had. */
  const fieldOf = (name: FieldName) => ({
    id: `contact-${name}`,
    error: errors[name],
    errorTestId: `error-${name}`,
  });

  return (
    <>
      <PageTitle title="Contact Us" />
      <section className="page-hero">
        <div className="container">
          <h1>Contact Us</h1>
          <p className="lead">
            Questions about a booking, a cleaner or your account? Send us a message and our support team will reply
            within {policy.supportResponseHours} hours.
          </p>
        </div>
      </section>
      <div className="container page contact-layout">
        <section className="card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="card__title">
            Write to us
          </h2>
          <form ref={formRef} className="form" noValidate onSubmit={submit} aria-busy={send.isPending}>
            <div className="form__row">
              <Field label="First name" {...fieldOf('firstName')}>
                {(control) => <input {...control} type="text" autoComplete="given-name" {...fieldProps('firstName')} />}
              </Field>
              <Field label="Last name" {...fieldOf('lastName')}>
                {(control) => <input {...control} type="text" autoComplete="family-name" {...fieldProps('lastName')} />}
              </Field>
            </div>
            <Field label="Email" {...fieldOf('email')}>
              {(control) => <input {...control} type="email" autoComplete="email" {...fieldProps('email')} />}
            </Field>
            <Field label="Subject" {...fieldOf('subject')}>
              {(control) => <input {...control} type="text" {...fieldProps('subject')} />}
            </Field>
            <Field label="Message" {...fieldOf('message')}>
              {(control) => <textarea {...control} rows={6} {...fieldProps('message')} />}
            </Field>
            <button type="submit" className="btn btn--primary btn--lg" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send Message'}
            </button>
          </form>
        </section>
        <ContactDetails />
      </div>
    </>
  );
}
