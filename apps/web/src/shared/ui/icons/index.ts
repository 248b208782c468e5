// The whole set, for tests (icons.test.tsx). The app imports each icon from its own module, never from
// here: the bundler places a module by who imports it, so through this index every icon would land in
// one chunk that each page using any icon downloads (and in the first load).
export { BackIcon } from './back';
export { BookmarkFilledIcon } from './bookmark-filled';
export { BookmarkIcon } from './bookmark';
export { CheckIcon } from './check';
export { ChevronDownIcon } from './chevron-down';
export { ChevronRightIcon } from './chevron-right';
export { CloseIcon } from './close';
export { CoinIcon } from './coin';
export { CrownIcon } from './crown';
export { DownloadIcon } from './download';
export { EpisodesIcon } from './episodes';
export { EyeIcon } from './eye';
export { EyeOffIcon } from './eye-off';
export { FacebookIcon } from './facebook';
export { GlobeIcon } from './globe';
export { GridIcon } from './grid';
export { HeartIcon } from './heart';
export { HistoryIcon } from './history';
export { HomeIcon } from './home';
export { ListIcon } from './list';
export { LockIcon } from './lock';
export { LogOutIcon } from './log-out';
export { MailIcon } from './mail';
export { MutedIcon } from './muted';
export { PauseIcon } from './pause';
export { PlayIcon } from './play';
export { SearchIcon } from './search';
export { ShareIcon } from './share';
export { SlidersIcon } from './sliders';
export { TrashIcon } from './trash';
export { UserIcon } from './user';
export type { IconProps } from './svg';
