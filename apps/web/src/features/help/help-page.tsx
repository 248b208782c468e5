import { useId, type ReactNode } from 'react';
import type { PolicyPage } from '../../shared/links/policy-links';
import type { PolicyDocument } from './help-content';
import { HelpLayout } from './help-layout';
import { Blocks } from './rich-text';

interface HelpPageProps {
  /** `data-page` name. */
  name: string;
  page: PolicyPage & PolicyDocument;
}

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-fg">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** A policy page (privacy, refunds, service agreement, content): its document in the interface language. */
export function HelpPage({ name, page }: HelpPageProps) {
  return (
    <HelpLayout name={name} page={page}>
      {(content) => {
        const document = content.documents[page];
        return (
          <article className="flex flex-col gap-6 text-[15px] leading-relaxed text-fg-muted">
            <div className="flex flex-col gap-3 text-fg">
              <Blocks blocks={document.intro} />
            </div>
            {document.sections.map((section) => (
              <Section key={section.heading} heading={section.heading}>
                <Blocks blocks={section.blocks} />
              </Section>
            ))}
          </article>
        );
      }}
    </HelpLayout>
  );
}
