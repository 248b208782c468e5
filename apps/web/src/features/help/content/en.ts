import type { HelpContent } from '../help-content';

const content: HelpContent = {
  updated: '2026-11-22',
  documents: {
    privacyPolicy: {
      intro: [
        'This policy explains what information Episodic collects when you watch, search and pay, why we use it, and the choices you have. We have tried to keep it short and in plain language.',
      ],
      sections: [
        {
          heading: 'What we collect',
          blocks: [
            [
              'Account details: your email address and your password, which we store only in hashed form. If you sign in with Facebook, Facebook shares your name and email address with us.',
              'What you watch: the series and episodes you play, where you stopped, your list and, when you are signed in, your recent searches.',
              'Purchases: your plan, renewal dates, coin balance and the episodes you unlocked. For cards we keep only the card brand, the last four digits and the expiry date, plus a reference from our payment provider. We never store your full card number or security code.',
              'Device and usage data: your interface language, your browser and device type, an approximate location derived from your IP address, and technical data when something goes wrong.',
              'Advertising identifiers: if you arrive through an ad, the click identifier in the link (such as fbclid or ttclid), so the campaign that brought you can be credited.',
            ],
          ],
        },
        {
          heading: 'Watching as a guest',
          blocks: [
            'You can watch without creating an account. We then keep a guest session for your device, and your recent searches stay in your browser. If you register later, your list, history and purchases move to your new account.',
          ],
        },
        {
          heading: 'How we use it',
          blocks: [
            [
              'To run the service: play episodes, remember where you stopped, keep your list and your unlocked episodes.',
              'To take payments, renew the membership you chose and send the emails that go with it, including the renewal email with its cancel link.',
              'To keep Episodic safe and working: prevent fraud and abuse, and find and fix errors.',
              'To measure our advertising and decide which series to offer.',
            ],
            'We do not sell your personal information.',
          ],
        },
        {
          heading: 'Cookies, storage and pixels',
          blocks: [
            'A cookie keeps you signed in, and your browser’s storage remembers your language and the identifiers above. Depending on our settings, pages may also load measurement pixels from Meta (Facebook), Google Analytics, TikTok and Bigo, which receive events such as a page view, a search or a purchase. You can block them with your browser’s privacy settings or a content blocker; Episodic keeps working.',
          ],
        },
        {
          heading: 'Who we share it with',
          blocks: [
            [
              'Our payment provider, to process payments and refunds.',
              'Companies that host the service, send our emails or report errors for us, under contracts that limit what they may do with the data.',
              'Advertising and analytics partners, limited to the events described above.',
              'Authorities, when the law requires it.',
            ],
          ],
        },
        {
          heading: 'How long we keep it',
          blocks: [
            'We keep your account data while your account exists. Payment records are kept for as long as tax and accounting rules require. Guest sessions that are no longer used expire.',
          ],
        },
        {
          heading: 'Your choices and rights',
          blocks: [
            'In [Me](/my) you can download a copy of your data and delete your account. You can also ask us to correct or erase information, or object to how we use it, through the [contact form](/contactUs). Depending on where you live, you can also complain to your data protection authority.',
          ],
        },
        {
          heading: 'Children',
          blocks: ['Episodic is not meant for children under 13, and we do not knowingly collect their information.'],
        },
        {
          heading: 'Changes to this policy',
          blocks: [
            'If we change this policy in a way that matters, we will tell you in the app or by email before the change applies.',
          ],
        },
      ],
    },
    refundPolicy: {
      intro: [
        'Paying for Episodic should be simple and fair. This policy explains how memberships and coins work, how to cancel, and when you can get your money back.',
      ],
      sections: [
        {
          heading: 'Memberships renew automatically',
          blocks: [
            'A membership is weekly (7 days), monthly (30 days) or yearly (365 days). At the end of each period it renews automatically for the same length, at the price shown when you subscribed, until you cancel.',
            'Every renewal email contains a link to cancel.',
          ],
        },
        {
          heading: 'Cancel in one tap',
          blocks: [
            [
              'Open [Me](/my) and cancel your membership there.',
              'Or use the cancel link in any renewal email. You do not need to sign in.',
            ],
            'Cancelling stops the next renewal. You keep access until the end of the period you have already paid for, and you are not charged again.',
          ],
        },
        {
          heading: 'Refunds for accidental renewals',
          blocks: [
            'If your membership renewed and you did not mean it to, ask for a refund within 7 days of the renewal charge through the [contact form](/contactUs). We refund that renewal to the card it was charged to and end the membership.',
            'After 7 days a renewal is not refunded, but you can still cancel so that it does not renew again.',
          ],
        },
        {
          heading: 'Coins',
          blocks: [
            'Coins unlock episodes. Coins you have bought but not spent stay in your balance. Coins already spent are not refundable, except when something went wrong on our side, for example:',
            [
              'you were charged twice for the same purchase;',
              'coins were taken but the episode did not unlock;',
              'an unlocked episode does not play and we cannot fix it.',
            ],
            'In those cases we give the coins back or refund the payment.',
          ],
        },
        {
          heading: 'How refunds are paid',
          blocks: ['Refunds go back to the card you paid with. Banks usually show them within 5 to 10 working days.'],
        },
        {
          heading: 'Your legal rights',
          blocks: ['This policy does not limit any rights you have under the consumer law of your country.'],
        },
      ],
    },
    serviceAgreement: {
      intro: [
        'This agreement is between you and Episodic. By using the service you accept it. Please read it together with our [Privacy Policy](/privacyPolicy), [Refund Policy](/refundPolicy) and [Content Policy](/contentPolicy).',
      ],
      sections: [
        {
          heading: 'The service',
          blocks: [
            'Episodic lets you watch short drama series on your phone or computer. The first episodes of every series are free. Later episodes are unlocked with coins or included in a membership. The catalogue changes over time, and a series may leave the service when our licence for it ends.',
          ],
        },
        {
          heading: 'Your account',
          blocks: [
            [
              'You can watch as a guest, or create an account with an email address and password, or with Facebook.',
              'Keep your password to yourself. You are responsible for what happens in your account.',
              'You must be at least 18 to buy a membership or coins, or have the permission of a parent or guardian.',
            ],
          ],
        },
        {
          heading: 'Memberships',
          blocks: [
            'A membership gives access to every episode for its period: 7 days (weekly), 30 days (monthly) or 365 days (yearly). It renews automatically for the same period, at the price shown when you subscribed, until you cancel.',
            'You can cancel at any time, in one tap, from [Me](/my) or with the link in any renewal email. Cancelling stops the next renewal, and you keep access until the end of the period you paid for. If a price changes, we tell you before it applies to your next renewal.',
          ],
        },
        {
          heading: 'Coins',
          blocks: [
            'Coins are bought in packs and used to unlock single episodes. An unlocked episode stays unlocked for your account. Coins have no cash value, cannot be transferred, and are refunded only as described in the [Refund Policy](/refundPolicy).',
          ],
        },
        {
          heading: 'Payments',
          blocks: [
            'You pay by credit, debit or prepaid card through our payment provider. We never store your full card number or security code, only the card brand, the last four digits and the expiry date. Prices include the taxes that apply where you live unless we say otherwise.',
          ],
        },
        {
          heading: 'Fair use',
          blocks: [
            [
              'Watch for your own personal, non-commercial use.',
              'Do not copy, record, download or redistribute videos, and do not try to get around locks or other protections.',
              'Do not resell access, share your account outside your household, or use bots or scripts.',
              'Do not disrupt the service or other viewers.',
            ],
            'We may suspend or close an account that breaks these rules. If we close your account without good reason, we refund the unused part of a paid membership and your unspent coins.',
          ],
        },
        {
          heading: 'Content',
          blocks: [
            'The videos, artwork and texts on Episodic belong to us or to our licensors. The [Content Policy](/contentPolicy) explains what the series may contain and how to report a problem.',
          ],
        },
        {
          heading: 'Availability',
          blocks: [
            'We work to keep Episodic running smoothly, but we cannot promise that it will always be available or free of errors. We may change or remove features. If we close the service altogether, we refund the unused part of paid memberships and unspent coins.',
          ],
        },
        {
          heading: 'Ending the agreement',
          blocks: [
            'You can stop using Episodic at any time and delete your account from [Me](/my). Deleting your account also cancels your membership.',
          ],
        },
        {
          heading: 'Liability',
          blocks: [
            'Nothing in this agreement limits liability that the law does not allow us to limit. Otherwise we are not liable for indirect losses, and our total liability to you is limited to what you paid us in the 12 months before the claim.',
          ],
        },
        {
          heading: 'Changes and questions',
          blocks: [
            'We may update this agreement. If a change affects you, we tell you in advance, and if you do not accept it you can cancel before it applies. Questions are welcome through the [contact form](/contactUs).',
          ],
        },
      ],
    },
    contentPolicy: {
      intro: [
        'Episodic publishes short drama series for teenage and adult audiences. This policy explains what our series may contain, what we do not publish, and how to tell us about a problem. Using the service also means accepting these terms of use.',
      ],
      sections: [
        {
          heading: 'What you will find',
          blocks: [
            'Our series are fiction: romance, revenge, family drama, fantasy and more. Stories may deal with adult themes such as conflict, betrayal, mild violence or romantic scenes. When a series contains stronger material, its description says so.',
          ],
        },
        {
          heading: 'What we do not publish',
          blocks: [
            [
              'Sexual content involving minors, in any form.',
              'Explicit sexual content.',
              'Content that promotes hatred or violence against people because of who they are.',
              'Realistic instructions for serious crimes or for self-harm.',
              'Content that infringes someone’s rights or uses a real person’s image without consent.',
            ],
          ],
        },
        {
          heading: 'Age',
          blocks: [
            'Episodic is meant for viewers aged 13 and over. Some series are suitable for adults only, so parents should keep an eye on what their children watch.',
          ],
        },
        {
          heading: 'Languages and subtitles',
          blocks: [
            'Series are offered in several languages. We aim for faithful translations; if a title or subtitle is wrong or offensive, please tell us.',
          ],
        },
        {
          heading: 'Reporting a problem',
          blocks: [
            'If you think a series breaks this policy or your rights, write to us through the [contact form](/contactUs) with the series title and the episode number. We review every report and, where needed, remove the episode or the series. If you own the rights to something shown on Episodic, include proof of ownership so that we can act quickly.',
          ],
        },
        {
          heading: 'Our decisions',
          blocks: [
            'We may remove content or limit it in some countries. If you spent coins on an episode we remove, we give those coins back.',
          ],
        },
      ],
    },
  },
  faq: [
    {
      question: 'Is Episodic free?',
      answer: [
        'The first episodes of every series are free, and you do not need an account to watch them. To go on with a series, unlock episodes with coins or get a membership that includes every episode.',
      ],
    },
    {
      question: 'What is the difference between coins and a membership?',
      answer: [
        'Coins unlock single episodes, and an unlocked episode stays unlocked for you. A membership (weekly, monthly or yearly) gives access to all episodes for as long as it runs.',
      ],
    },
    {
      question: 'How does my membership renew?',
      answer: [
        'It renews automatically at the end of each period, every 7, 30 or 365 days depending on your plan, until you cancel. Every renewal email has a link to cancel.',
      ],
    },
    {
      question: 'How do I cancel my membership?',
      answer: [
        'Open [Me](/my) and cancel in one tap, or use the cancel link in any renewal email. Your membership stops renewing, and you keep access until the end of the period you paid for.',
      ],
    },
    {
      question: 'I was charged for a renewal I did not want. Can I get a refund?',
      answer: [
        'Yes, if you ask within 7 days of the renewal charge. Write to us through the [contact form](/contactUs) with the date of the charge and the last four digits of the card. The [Refund Policy](/refundPolicy) has the details.',
      ],
    },
    {
      question: 'Can I get my coins back?',
      answer: [
        'Coins you have spent are not refundable, unless something went wrong on our side: for example, you were charged twice or an unlocked episode will not play. Tell us and we will put it right.',
      ],
    },
    {
      question: 'Do I need an account?',
      answer: [
        'No. As a guest you can watch, keep a list and unlock episodes on this device. Create an account to keep everything when you change phone or browser: your list, history and purchases move to it.',
      ],
    },
    {
      question: 'Is my card information safe?',
      answer: [
        'Card payments go through our payment provider. We never store your full card number or security code, only the card brand, the last four digits and the expiry date.',
      ],
    },
    {
      question: 'An episode will not play. What can I do?',
      answer: [
        [
          'Check your connection and try again.',
          'Update your browser or try another one.',
          'If the episode is locked, unlock it, or check in [Me](/my) that your membership is active.',
        ],
        'Still stuck? [Contact us](/contactUs) with the series title and the episode number.',
      ],
    },
    {
      question: 'How do I change the language?',
      answer: ['Use the language selector at the top of the screen. Your choice is remembered on this device.'],
    },
    {
      question: 'How do I delete my account?',
      answer: [
        'You can delete your account from [Me](/my). This also cancels your membership, and unspent coins are lost, so use them first.',
      ],
    },
  ],
};

export default content;
