import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { useGoBack } from '../../shared/links/go-back';
import { Link } from '../../shared/links/link';
import { seriesPath } from '../../shared/links/player-path';
import {
  countSearch,
  MAX_QUERY_LENGTH,
  normalizeQuery,
  searchDetailPath,
  SearchHistoryList,
  SUGGESTION_COUNT,
  TrendingSearches,
  useSearchHistory,
  useSuggestions,
} from '../../features/search';
import { SearchResults } from '../../features/catalog/lazy';
import { track } from '../../features/tracking';
import { CloseIcon } from '../../shared/ui/icons/close';
import { SearchIcon } from '../../shared/ui/icons/search';
import { Page } from '../../shared/ui/page';
import { Spinner } from '../../shared/ui/spinner';

interface SuggestionsProps {
  text: string;
  onChoose: (query: string) => void;
  /** "See all results": a search submitted. */
  onSeeAll: (query: string) => void;
}

/** The top titles for the text typed so far, and a way to every result. */
function Suggestions({ text, onChoose, onSeeAll }: SuggestionsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const suggestions = useSuggestions(text, true);
  const term = normalizeQuery(text);
  const items = suggestions.data?.slice(0, SUGGESTION_COUNT) ?? [];
  const waiting = !suggestions.settled || suggestions.isFetching;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1">
      <div className="flex min-h-9 items-center gap-2">
        <h2 id={headingId} className="text-base font-semibold text-fg">
          {t('search.suggestions')}
        </h2>
        {waiting ? <Spinner className="size-4 text-accent" /> : null}
      </div>
      {suggestions.isError && !suggestions.data ? (
        <p className="py-2 text-sm text-fg-muted">{t('search.suggestionsError')}</p>
      ) : items.length === 0 && !waiting ? (
        <p className="py-2 text-sm text-fg-muted">{t('search.noSuggestions')}</p>
      ) : (
        <ul className={`flex flex-col transition-opacity ${waiting ? 'opacity-70' : ''}`}>
          {items.map((series) => (
            <li key={series.id} className="border-b border-white/5">
              <Link
                to={seriesPath(series.id)}
                onClick={() => {
                  onChoose(series.title);
                }}
                className="flex min-h-11 items-center gap-3 rounded-lg py-1 text-sm text-fg focus-visible:outline-2 focus-visible:outline-accent"
              >
                <SearchIcon className="size-4 shrink-0 text-fg-subtle" />
                <span className="truncate">{series.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {term ? (
        <Link
          to={searchDetailPath(term)}
          onClick={() => {
            onSeeAll(term);
          }}
          className="flex min-h-11 items-center gap-3 rounded-lg text-sm font-semibold break-all text-accent focus-visible:outline-2 focus-visible:outline-accent"
        >
          {t('search.seeAll', { query: term })}
        </Link>
      ) : null}
      <p role="status" className="sr-only">
        {waiting ? '' : t('search.suggestionCount', { count: items.length })}
      </p>
    </section>
  );
}

/**
 * Search: the box has focus on arrival; typing shows suggestions; submitting shows every result (the
 * query goes into `?q=`, replacing the entry, so Cancel and Back leave search in one step); the recent
 * searches and the trending ones show while the box is empty. A submitted search is counted toward trending.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const [params, setParams] = useSearchParams();
  // An address may carry more than the API takes: the search is of its first MAX_QUERY_LENGTH characters.
  const q = normalizeQuery(normalizeQuery(params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH));
  const [text, setText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  const inputRef = useRef<HTMLInputElement>(null);
  const history = useSearchHistory();

  // Back or forward to another query: the box shows it.
  if (q !== shownQ) {
    setShownQ(q);
    setText(q);
  }

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  /** No search: the box is empty, the address loses its query, and the screen shows recent and trending. */
  const clear = () => {
    setText('');
    setParams(
      (current) => {
        current.delete('q');
        return current;
      },
      { replace: true },
    );
  };

  const search = (value: string) => {
    const query = normalizeQuery(normalizeQuery(value).slice(0, MAX_QUERY_LENGTH));
    if (!query) {
      clear();
      return;
    }
    history.add(query);
    countSearch(query);
    track('Search', { search_string: query });
    setText(query);
    setParams({ q: query }, { replace: true });
    // Hides the phone keyboard so the results can be seen.
    inputRef.current?.blur();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(text);
  };

  const cancel = () => {
    // Home when search opened the visit: there is nowhere in the app to go back to.
    goBack();
  };

  const showResults = q !== '' && normalizeQuery(text) === q;
  const typing = !showResults && normalizeQuery(text) !== '';

  return (
    <Page
      name="search"
      title={t('pages.search')}
      documentTitle={q ? `${q} · ${t('pages.search')}` : undefined}
      hideHeading
    >
      <form role="search" onSubmit={onSubmit} className="flex items-center gap-2">
        <div className="relative flex h-11 min-w-0 flex-1 items-center rounded-full bg-surface-2 ring-1 ring-white/10 focus-within:ring-2 focus-within:ring-accent">
          <SearchIcon className="pointer-events-none absolute left-3.5 size-4 text-fg-subtle" />
          <input
            ref={inputRef}
            type="search"
            name="q"
            value={text}
            maxLength={MAX_QUERY_LENGTH}
            onChange={(event) => {
              setText(event.target.value);
            }}
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            enterKeyHint="search"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            className="h-full min-w-0 flex-1 bg-transparent pr-2 pl-10 text-base text-fg outline-none placeholder:text-fg-subtle [&::-webkit-search-cancel-button]:hidden"
          />
          {text ? (
            <button
              type="button"
              aria-label={t('search.clearText')}
              title={t('search.clearText')}
              onClick={() => {
                clear();
                inputRef.current?.focus();
              }}
              className="mr-1 flex size-9 shrink-0 items-center justify-center rounded-full text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
            >
              <CloseIcon className="size-4" />
            </button>
          ) : null}
        </div>
        <button type="submit" className="sr-only">
          {t('search.submit')}
        </button>
        <button
          type="button"
          onClick={cancel}
          className="min-h-11 shrink-0 rounded-full px-2 text-sm font-medium text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
        >
          {t('search.cancel')}
        </button>
      </form>
      {showResults ? (
        <SearchResults query={q} />
      ) : typing ? (
        <Suggestions
          text={text}
          onChoose={history.add}
          onSeeAll={(term) => {
            history.add(term);
            countSearch(term);
          }}
        />
      ) : (
        <div className="flex flex-col gap-6">
          <SearchHistoryList history={history} onPick={search} />
          <TrendingSearches onPick={search} />
        </div>
      )}
    </Page>
  );
}

export { SearchPage as Component };
