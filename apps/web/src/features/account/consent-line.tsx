import { Trans } from '../../shared/i18n/trans';
import { Link } from '../../shared/links/link';

const linkClass = 'text-fg underline decoration-white/30 underline-offset-2 hover:decoration-accent';

/** "By continuing, you agree to our Terms of Use, Privacy Policy and Service Agreement." */
export function ConsentLine() {
  return (
    <p className="text-xs leading-relaxed text-fg-muted">
      <Trans
        i18nKey="auth.consent"
        components={{
          terms: <Link to="/contentPolicy" className={linkClass} />,
          privacy: <Link to="/privacyPolicy" className={linkClass} />,
          service: <Link to="/serviceAgreement" className={linkClass} />,
        }}
      />
    </p>
  );
}
