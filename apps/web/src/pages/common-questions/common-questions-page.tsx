import { Trans } from '../../shared/i18n/trans';
import { Link } from '../../shared/links/link';
import { FaqList, HelpLayout } from '../../features/help';

export function CommonQuestionsPage() {
  return (
    <HelpLayout name="common-questions" page="commonQuestions">
      {(content) => (
        <>
          <p className="text-[15px] leading-relaxed text-fg">
            <Trans
              i18nKey="help.faqIntro"
              components={{
                contact: (
                  <Link
                    to="/contactUs"
                    className="font-medium text-fg underline decoration-accent/60 underline-offset-2 hover:decoration-accent"
                  />
                ),
              }}
            />
          </p>
          <FaqList entries={content.faq} />
        </>
      )}
    </HelpLayout>
  );
}

export { CommonQuestionsPage as Component };
