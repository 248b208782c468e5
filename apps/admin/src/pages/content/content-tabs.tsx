import { Tabs } from '../../shared/ui';

export function ContentTabs() {
  return (
    <Tabs
      items={[
        { to: '/content', label: 'Series', end: true },
        { to: '/content/tags', label: 'Tags' },
      ]}
    />
  );
}
