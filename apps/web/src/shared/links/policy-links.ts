/** The policy and help pages linked from the footer and from each other. */
export const POLICY_LINKS = [
  { to: '/privacyPolicy', page: 'privacyPolicy' },
  { to: '/refundPolicy', page: 'refundPolicy' },
  { to: '/serviceAgreement', page: 'serviceAgreement' },
  { to: '/contentPolicy', page: 'contentPolicy' },
  { to: '/commonQuestions', page: 'commonQuestions' },
  { to: '/contactUs', page: 'contactUs' },
] as const;

export type PolicyPage = (typeof POLICY_LINKS)[number]['page'];
