import { HelpPage } from '../../features/help';

export function ContentPolicyPage() {
  return <HelpPage name="content-policy" page="contentPolicy" />;
}

export { ContentPolicyPage as Component };
