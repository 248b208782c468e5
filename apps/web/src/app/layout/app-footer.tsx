import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { consent, useConsentRequired } from '../../features/tracking';
import { POLICY_LINKS } from '../../shared/links/policy-links';

const YEAR = new Date().getFullYear();

export function AppFooter() {
  const { t } = useTranslation();
  const consentRequired = useConsentRequired();
  return (
    <footer className="border-t border-white/5 px-4 pt-6 pb-8 text-xs text-fg-muted">
      <nav aria-label={t('nav.policies')}>
        <ul className="grid grid-cols-2 gap-x-4 gap-y-1">
          {POLICY_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="inline-flex min-h-8 items-center hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
              >
                {t(`pages.${link.page}`)}
              </Link>
            </li>
          ))}
          {consentRequired ? (
            <li>
              <button
                type="button"
                onClick={() => {
                  consent.review();
                }}
                className="inline-flex min-h-8 items-center hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
              >
                {t('footer.privacyChoices')}
              </button>
            </li>
          ) : null}
        </ul>
      </nav>
      <p className="mt-4 text-fg-subtle">{t('footer.rights', { year: YEAR })}</p>
    </footer>
  );
}
