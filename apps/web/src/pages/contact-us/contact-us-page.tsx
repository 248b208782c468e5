import { useTranslation } from '../../shared/i18n/use-translation';
import { ContactForm } from '../../features/help';
import { Page } from '../../shared/ui/page';

export function ContactUsPage() {
  const { t } = useTranslation();
  return (
    <Page name="contact-us" title={t('pages.contactUs')}>
      <p className="-mt-2 text-[15px] leading-relaxed text-fg-muted">{t('help.contact.intro')}</p>
      <ContactForm />
    </Page>
  );
}

export { ContactUsPage as Component };
