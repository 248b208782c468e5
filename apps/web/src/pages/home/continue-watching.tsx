import { use } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { continueWatching, HistoryCard, useHistory } from '../../features/library';
import { pageItems } from '../../shared/api/paged';
import { Rail } from '../../shared/ui/rail';
import { Section } from '../../shared/ui/page';
import { MoreLink } from './rails';
import { loadAllMessages } from '../../shared/i18n/i18n';

// The library's words and the other pages' styles are not in the first load: the row waits for them.
const ready = Promise.all([loadAllMessages(), import('../../app/page-styles.css')]);

/**
 * "Continue watching" on the home screen: the series the viewer started and has not finished, each
 * with the episode and how much of it was watched; a tap resumes there. Nothing at all for a viewer
 * with no such series (no heading, no placeholder).
 */
export default function ContinueWatchingRow() {
  use(ready);
  const { t } = useTranslation();
  const history = useHistory();
  const items = continueWatching(pageItems(history.data));
  if (items.length === 0) return null;
  const title = t('library.continueWatching');
  return (
    <Section title={title} action={<MoreLink to="/historys" title={title} />}>
      <Rail
        label={title}
        items={items}
        getKey={(entry) => entry.series.id}
        renderItem={(entry) => <HistoryCard entry={entry} />}
      />
    </Section>
  );
}
