import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGES,
  contactMessageSchema,
  LIMITS,
  TIMINGS,
  type ContactMessage,
} from '@ai-tools/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { usePastedTextLimit } from '../../lib/pasted-text-limit.ts';
import { PastedTextNote } from '../../components/pasted-text-note.tsx';
import { resetContact, selectContact, sendContactMessage } from './contact-slice.ts';

type FieldName = 'name' | 'email' | 'subject' | 'message';
type FormValues = Record<FieldName, string> & { [CONTACT_HONEYPOT_FIELD]: string };

const EMPTY_VALUES: FormValues = {
  name: '',
  email: '',
  subject: '',
  message: '',
  [CONTACT_HONEYPOT_FIELD]: '',
};
const NO_FIELD_TOUCHED: Record<FieldName, boolean> = {
  name: false,
  email: false,
  subject: false,
  message: false,
};
const ALL_FIELDS_TOUCHED: Record<FieldName, boolean> = {
  name: true,
  email: true,
  subject: true,
  message: true,
};

/** The first message of each invalid field, from the shared schema (docs/product.md section 5). */
function validate(values: FormValues): Partial<Record<FieldName, string>> {
  const result = contactMessageSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<FieldName, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as FieldName;
    errors[field] ??= issue.message;
  }
  return errors;
}

function sameMessage(first: ContactMessage, second: ContactMessage): boolean {
  const fields = new Set([...Object.keys(first), ...Object.keys(second)]) as Set<
    keyof ContactMessage
  >;
  return [...fields].every((field) => first[field] === second[field]);
}

/**
 * The contact form of docs/product.md sections 2, 4 and 5: four fields validated once touched,
 * 'Sending...' and disabled while sending, the success text for 3 s and a reset form, red errors.
 */
export function ContactForm() {
  const dispatch = useAppDispatch();
  const { loading, success, error } = useAppSelector(selectContact);
  const [values, setValues] = useState<FormValues>(EMPTY_VALUES);
  const [touched, setTouched] = useState(NO_FIELD_TOUCHED);
  const idPrefix = useId();
  const errors = validate(values);
  // The message last sent without a success, and its Idempotency-Key: sending the same message
  // again reuses the key, so if the first answer was lost the server stores it only once.
  const unconfirmed = useRef<{ message: ContactMessage; idempotencyKey: string } | null>(null);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => dispatch(resetContact()), TIMINGS.contactSuccessClearMs);
    return () => clearTimeout(timer);
  }, [success, dispatch]);

  function update(field: keyof FormValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  const namePaste = usePastedTextLimit(LIMITS.contactNameMaxLength, values.name, (value) =>
    update('name', value),
  );
  const subjectPaste = usePastedTextLimit(LIMITS.contactSubjectMaxLength, values.subject, (value) =>
    update('subject', value),
  );
  const messagePaste = usePastedTextLimit(LIMITS.contactMessageMaxLength, values.message, (value) =>
    update('message', value),
  );

  function touch(field: FieldName) {
    setTouched((current) => ({ ...current, [field]: true }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    setTouched(ALL_FIELDS_TOUCHED);
    const parsed = contactMessageSchema.safeParse(values);
    if (!parsed.success) {
      const firstInvalid = (Object.keys(ALL_FIELDS_TOUCHED) as FieldName[]).find(
        (field) => errors[field],
      );
      document.getElementById(`${idPrefix}-${firstInvalid}`)?.focus();
      return;
    }
    const message = parsed.data;
    if (!unconfirmed.current || !sameMessage(unconfirmed.current.message, message)) {
      unconfirmed.current = { message, idempotencyKey: newIdempotencyKey() };
    }
    const { idempotencyKey } = unconfirmed.current;
    const result = await dispatch(sendContactMessage({ message, idempotencyKey }));
    if (sendContactMessage.fulfilled.match(result)) {
      unconfirmed.current = null;
      setValues(EMPTY_VALUES);
      setTouched(NO_FIELD_TOUCHED);
    }
  }

  function fieldProps(field: FieldName) {
    const id = `${idPrefix}-${field}`;
    const shownError = touched[field] ? errors[field] : undefined;
    return {
      id,
      name: field,
      value: values[field],
      onChange: (event: { target: { value: string } }) => update(field, event.target.value),
      onBlur: () => touch(field),
      'aria-invalid': shownError ? true : undefined,
      'aria-describedby': shownError ? `${id}-error` : undefined,
    };
  }

  function fieldError(field: FieldName) {
    const shownError = touched[field] ? errors[field] : undefined;
    return shownError ? (
      <p className="field-error" id={`${idPrefix}-${field}-error`}>
        {shownError}
      </p>
    ) : null;
  }

  return (
    <form
      className="form contact-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Contact form"
    >
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${idPrefix}-name`}>Name</label>
          <input
            {...fieldProps('name')}
            type="text"
            autoComplete="name"
            maxLength={LIMITS.contactNameMaxLength}
            placeholder="Your name"
            onPaste={namePaste.onPaste}
          />
          <PastedTextNote note={namePaste.note} />
          {fieldError('name')}
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}-email`}>Email</label>
          <input
            {...fieldProps('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={LIMITS.contactEmailMaxLength}
            placeholder="you@example.com"
          />
          {fieldError('email')}
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-subject`}>Subject</label>
        <input
          {...fieldProps('subject')}
          type="text"
          maxLength={LIMITS.contactSubjectMaxLength}
          placeholder="What is it about?"
          onPaste={subjectPaste.onPaste}
        />
        <PastedTextNote note={subjectPaste.note} />
        {fieldError('subject')}
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-message`}>Message</label>
        <textarea
          {...fieldProps('message')}
          rows={6}
          maxLength={LIMITS.contactMessageMaxLength}
          placeholder={`Write at least ${LIMITS.contactMessageMinLength} characters`}
          onPaste={messagePaste.onPaste}
        />
        <PastedTextNote note={messagePaste.note} />
        {fieldError('message')}
      </div>
      {/* Honeypot: invisible to people and screen readers, out of the tab order; bots fill it. */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={`${idPrefix}-${CONTACT_HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input
          id={`${idPrefix}-${CONTACT_HONEYPOT_FIELD}`}
          name={CONTACT_HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values[CONTACT_HONEYPOT_FIELD]}
          onChange={(event) => update(CONTACT_HONEYPOT_FIELD, event.target.value)}
        />
      </div>
      <div className="contact-form__actions">
        <button type="submit" className="button button--primary" disabled={loading}>
          {loading ? CONTACT_MESSAGES.sending : CONTACT_MESSAGES.sendMessage}
        </button>
      </div>
      <div aria-live="polite" className="contact-form__status">
        {success ? <p className="form-success">{CONTACT_MESSAGES.sent}</p> : null}
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
