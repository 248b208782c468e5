import { HelpPage } from '../../features/help/help-page';

export function PrivacyPolicyPage() {
  return <HelpPage name="privacy-policy" page="privacyPolicy" />;
}

export { PrivacyPolicyPage as Component };
