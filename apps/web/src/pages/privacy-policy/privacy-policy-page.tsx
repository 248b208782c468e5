import { HelpPage } from '../../features/help';

export function PrivacyPolicyPage() {
  return <HelpPage name="privacy-policy" page="privacyPolicy" />;
}

export { PrivacyPolicyPage as Component };
