import type { ComponentType } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { NavLink } from '../../shared/links/link';
import { HomeIcon } from '../../shared/ui/icons/home';
import { ListIcon } from '../../shared/ui/icons/list';
import { PlayIcon } from '../../shared/ui/icons/play';
import { SearchIcon } from '../../shared/ui/icons/search';
import { UserIcon } from '../../shared/ui/icons/user';
import type { IconProps } from '../../shared/ui/icons/svg';

interface Tab {
  to: string;
  label: 'nav.home' | 'nav.feed' | 'nav.search' | 'nav.myList' | 'nav.me';
  Icon: ComponentType<IconProps>;
}

const TABS: readonly Tab[] = [
  { to: '/', label: 'nav.home', Icon: HomeIcon },
  { to: '/forYou', label: 'nav.feed', Icon: PlayIcon },
  { to: '/search', label: 'nav.search', Icon: SearchIcon },
  { to: '/favorites', label: 'nav.myList', Icon: ListIcon },
  { to: '/my', label: 'nav.me', Icon: UserIcon },
];

/** Bottom navigation, thumb-reachable on phones. */
export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.main')}
      className="fixed inset-x-0 bottom-0 z-40 mx-auto w-full max-w-[480px] border-t border-white/5 bg-bg/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="grid h-[var(--tabbar-height)] grid-cols-5">
        {TABS.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              // Home is active on its own address only.
              end={to === '/'}
              className={({ isActive }) =>
                `flex h-full flex-col items-center justify-center gap-0.5 text-[11px] font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent ${
                  isActive ? 'text-accent' : 'text-fg-muted hover:text-fg'
                }`
              }
            >
              <Icon className="size-6" />
              <span>{t(label)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
