export { ContactForm } from './contact-form';
export { FaqList } from './faq-list';
export { HelpLayout } from './help-layout';
export { HelpPage } from './help-page';
