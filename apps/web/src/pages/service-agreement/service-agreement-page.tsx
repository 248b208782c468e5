import { HelpPage } from '../../features/help/help-page';

export function ServiceAgreementPage() {
  return <HelpPage name="service-agreement" page="serviceAgreement" />;
}

export { ServiceAgreementPage as Component };
