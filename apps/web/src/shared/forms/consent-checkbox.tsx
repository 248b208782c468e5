import { useId } from 'react';
import { Trans } from '../i18n/trans';
import { Link } from '../links/link';

const linkClass = 'text-fg underline decoration-white/30 underline-offset-2 hover:decoration-accent';

interface ConsentCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  /** The consent text (with `<terms>`, `<privacy>`, `<service>` and `<refund>` links); sign-up's by default. */
  i18nKey?:
    | 'auth.agreeTo'
    | 'billing.card.agree'
    | 'billing.consent.coins'
    | 'billing.consent.membership'
    | 'billing.consent.membershipExtends';
  /** Values of the text's placeholders (what is bought, the price, the renewal date). */
  values?: Record<string, string | number>;
}

/** "I agree to the Terms of Use, Privacy Policy and Service Agreement" (or the payment terms), with the documents linked. */
export function ConsentCheckbox({ checked, onChange, error, i18nKey = 'auth.agreeTo', values }: ConsentCheckboxProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name="agree"
          checked={checked}
          onChange={(event) => {
            onChange(event.target.checked);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-accent"
        />
        <label htmlFor={id} className="text-sm leading-relaxed text-fg-muted">
          <Trans
            i18nKey={i18nKey}
            {...(values ? { values } : {})}
            components={{
              terms: <Link to="/contentPolicy" className={linkClass} />,
              privacy: <Link to="/privacyPolicy" className={linkClass} />,
              service: <Link to="/serviceAgreement" className={linkClass} />,
              refund: <Link to="/refundPolicy" className={linkClass} />,
            }}
          />
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="pl-8 text-sm text-accent-strong">
          {error}
        </p>
      ) : null}
    </div>
  );
}
