import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '../../shared/i18n/languages';
import { useLanguage } from '../../shared/i18n/use-language';

/**
 * A paragraph, or a bulleted list (an array of items). Text may link inside the app with
 * `[label](/path)`.
 */
export type Block = string | readonly string[];

export interface DocumentSection {
  heading: string;
  blocks: readonly Block[];
}

export interface HelpDocument {
  intro: readonly Block[];
  sections: readonly DocumentSection[];
}

export interface FaqEntry {
  question: string;
  answer: readonly Block[];
}

export type PolicyDocument = 'privacyPolicy' | 'refundPolicy' | 'serviceAgreement' | 'contentPolicy';

/** The long texts of the policy and help pages in one language (one lazily loaded module per language). */
export interface HelpContent {
  /** Calendar date (YYYY-MM-DD) the texts were last changed. */
  updated: string;
  documents: Record<PolicyDocument, HelpDocument>;
  faq: readonly FaqEntry[];
}

// Kept out of the locale files: these texts are long and only these pages need them.
const loaders: Record<Language, () => Promise<{ default: HelpContent }>> = {
  en: () => import('./content/en'),
  es: () => import('./content/es'),
  fy: () => import('./content/fy'),
  dy: () => import('./content/dy'),
  pt: () => import('./content/pt'),
};

export function helpContentQuery(language: Language) {
  return queryOptions({
    queryKey: ['help-content', language] as const,
    queryFn: async () => (await loaders[language]()).default,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The help texts in the interface language. */
export function useHelpContent() {
  return useQuery(helpContentQuery(useLanguage()));
}
