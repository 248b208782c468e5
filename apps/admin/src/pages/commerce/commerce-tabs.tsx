import { Tabs } from '../../shared/ui';

export function CommerceTabs() {
  return (
    <Tabs
      items={[
        { to: '/commerce', label: 'Orders', end: true },
        { to: '/commerce/plans', label: 'Plans and coin packs' },
      ]}
    />
  );
}
