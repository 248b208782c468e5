import { HelpPage } from '../../features/help/help-page';

export function RefundPolicyPage() {
  return <HelpPage name="refund-policy" page="refundPolicy" />;
}

export { RefundPolicyPage as Component };
