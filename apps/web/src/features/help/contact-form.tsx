import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Trans } from '../../shared/i18n/trans';
import { Link } from '../../shared/links/link';
import { useCurrentUser } from '../../shared/session/use-current-user';
import { api, isApiError } from '../../shared/api/client';
import { Button } from '../../shared/ui/button';
import { TextField } from '../../shared/ui/text-field';

/** `POST /api/help/contact` input. */
export interface ContactRequest {
  email: string;
  subject: string;
  message: string;
}

export const SUBJECT_MAX = 120;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 4000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Field = 'email' | 'subject' | 'message';
type Errors = Partial<Record<Field, string>>;

const linkClass = 'text-fg underline decoration-white/30 underline-offset-2 hover:decoration-accent';

/**
 * The contact form: email, subject and message, with a line on how the details are used (answering a
 * request is the reason to have them: no box to tick); a confirmation replaces it once sent.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const id = useId();
  const user = useCurrentUser();
  const accountEmail = user.data && !user.data.isGuest ? (user.data.email ?? '') : '';
  const [email, setEmail] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const emailValue = email ?? accountEmail;

  const send = useMutation({
    mutationFn: (request: ContactRequest) => api.post('/api/help/contact', { body: request }),
    onSuccess: (_data, request) => {
      setSentTo(request.email);
      requestAnimationFrame(() => confirmationRef.current?.focus());
    },
    onError: (error) => {
      // Field errors from the server (422) go next to their fields.
      if (isApiError(error) && error.fields) {
        const fields = error.fields;
        setErrors({ email: fields.email, subject: fields.subject, message: fields.message });
      }
    },
  });

  const validate = (): Errors => {
    const found: Errors = {};
    const trimmedEmail = emailValue.trim();
    if (!trimmedEmail) found.email = t('help.contact.emailRequired');
    else if (!EMAIL.test(trimmedEmail)) found.email = t('help.contact.emailInvalid');
    if (!subject.trim()) found.subject = t('help.contact.subjectRequired');
    if (!message.trim()) found.message = t('help.contact.messageRequired');
    else if (message.trim().length < MESSAGE_MIN) found.message = t('help.contact.messageShort');
    return found;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    const first = (['email', 'subject', 'message'] as const).find((field) => found[field]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    send.mutate({ email: emailValue.trim(), subject: subject.trim(), message: message.trim() });
  };

  if (sentTo !== null) {
    return (
      <div role="status" className="flex flex-col items-start gap-3 rounded-2xl bg-surface p-5">
        <h2 ref={confirmationRef} tabIndex={-1} className="text-lg font-semibold text-fg outline-none">
          {t('help.contact.sentTitle')}
        </h2>
        <p className="text-sm leading-relaxed text-fg-muted">{t('help.contact.sentBody', { email: sentTo })}</p>
        <Button
          variant="secondary"
          onClick={() => {
            setSentTo(null);
            setSubject('');
            setMessage('');
            send.reset();
          }}
        >
          {t('help.contact.sendAnother')}
        </Button>
      </div>
    );
  }

  const failed = send.isError && !(isApiError(send.error) && send.error.fields);
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
      aria-describedby={failed ? `${id}-failed` : undefined}
    >
      <TextField
        label={t('help.contact.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={emailValue}
        onChange={(event) => {
          setEmail(event.target.value);
        }}
        error={errors.email}
        required
      />
      <TextField
        label={t('help.contact.subject')}
        name="subject"
        value={subject}
        maxLength={SUBJECT_MAX}
        onChange={(event) => {
          setSubject(event.target.value);
        }}
        error={errors.subject}
        hint={t('help.contact.subjectHint')}
        required
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-message`} className="text-sm font-medium text-fg">
          {t('help.contact.message')}
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={6}
          value={message}
          maxLength={MESSAGE_MAX}
          onChange={(event) => {
            setMessage(event.target.value);
          }}
          required
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={`${errors.message ? `${id}-message-error ` : ''}${id}-message-hint`}
          className={`min-h-36 w-full resize-y rounded-xl bg-surface-2 px-4 py-3 text-base text-fg ring-1 placeholder:text-fg-subtle focus:outline-none focus-visible:ring-2 ${
            errors.message ? 'ring-accent focus-visible:ring-accent' : 'ring-white/10 focus-visible:ring-accent'
          }`}
        />
        {errors.message ? (
          <p id={`${id}-message-error`} className="text-sm text-accent-strong">
            {errors.message}
          </p>
        ) : null}
        <p id={`${id}-message-hint`} className="text-xs text-fg-muted">
          {t('help.contact.messageHint')}
        </p>
      </div>
      <p className="text-sm leading-relaxed text-fg-muted">
        <Trans
          i18nKey="help.contact.privacyNote"
          components={{ privacy: <Link to="/privacyPolicy" className={linkClass} /> }}
        />
      </p>
      {failed ? (
        <p
          id={`${id}-failed`}
          role="alert"
          className="rounded-xl bg-accent/10 px-4 py-3 text-sm text-fg ring-1 ring-accent/40"
        >
          {t('help.contact.failed')}
        </p>
      ) : null}
      <Button type="submit" disabled={send.isPending} className="self-stretch">
        {send.isPending ? t('help.contact.sending') : t('help.contact.send')}
      </Button>
    </form>
  );
}
