import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { IconButton } from '../../shared/ui/button';
import { GridIcon } from '../../shared/ui/icons/grid';
import { SearchIcon } from '../../shared/ui/icons/search';
import { LanguageSelect } from './language-select';

// The sheet (and the category query) is only needed once someone opens it: keep it out of the first load.
const loadCategorySheet = () => import('./category-sheet');
const CategorySheet = lazy(() => loadCategorySheet().then((module) => ({ default: module.CategorySheet })));

export function AppHeader() {
  const { t } = useTranslation();
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  return (
    <header className="sticky top-0 z-30 border-b border-white/5 bg-bg/90 pt-[env(safe-area-inset-top)] backdrop-blur">
      <div className="flex h-14 items-center gap-1 px-3">
        <Link
          to="/"
          className="mr-auto rounded-md px-1 text-xl font-extrabold tracking-tight text-fg focus-visible:outline-2 focus-visible:outline-accent"
        >
          Epi<span className="text-accent">sodic</span>
        </Link>
        <IconButton
          label={t('nav.categories')}
          aria-haspopup="dialog"
          aria-expanded={categoriesOpen}
          onPointerEnter={() => {
            void loadCategorySheet();
          }}
          onClick={() => {
            setCategoriesOpen(true);
          }}
        >
          <GridIcon className="size-5" />
        </IconButton>
        <Link
          to="/search"
          aria-label={t('nav.search')}
          title={t('nav.search')}
          className="inline-flex size-10 items-center justify-center rounded-full text-fg hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-accent"
        >
          <SearchIcon className="size-5" />
        </Link>
        <LanguageSelect />
      </div>
      {categoriesOpen ? (
        <Suspense fallback={null}>
          <CategorySheet
            onClose={() => {
              setCategoriesOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
