import { HelpPage } from '../../features/help';

export function RefundPolicyPage() {
  return <HelpPage name="refund-policy" page="refundPolicy" />;
}

export { RefundPolicyPage as Component };
