import type { AdminAttribution } from '@episodic/contract';
import { Badge } from '../../shared/ui';

const STATUS_TONES: Record<string, 'green' | 'gray' | 'orange' | 'red' | 'blue'> = {
  paid: 'green',
  refunded: 'blue',
  failed: 'red',
  cancelled: 'gray',
  pending: 'gray',
  processing: 'orange',
  requires_action: 'orange',
};

/** An order's status; a paid order some of whose money was given back shows "partially refunded". */
export function OrderStatus({ status, refundedAmount = 0 }: { status: string; refundedAmount?: number }) {
  if (status === 'paid' && refundedAmount > 0) return <Badge tone="blue">partially refunded</Badge>;
  return <Badge tone={STATUS_TONES[status] ?? 'gray'}>{status.replace('_', ' ')}</Badge>;
}

const SOURCES: Record<AdminAttribution['source'], string> = {
  fbclid: 'Facebook',
  ttclid: 'TikTok',
  referrer: 'Referrer',
  organic: 'Organic',
};

export function SourceBadge({ attribution }: { attribution: AdminAttribution }) {
  const id = attribution.fbclid ?? attribution.ttclid ?? attribution.refererToken;
  return (
    <span title={id ?? undefined}>
      <Badge tone={attribution.source === 'organic' ? 'gray' : 'orange'}>{SOURCES[attribution.source]}</Badge>
    </span>
  );
}
