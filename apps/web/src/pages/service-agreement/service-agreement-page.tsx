import { HelpPage } from '../../features/help';

export function ServiceAgreementPage() {
  return <HelpPage name="service-agreement" page="serviceAgreement" />;
}

export { ServiceAgreementPage as Component };
