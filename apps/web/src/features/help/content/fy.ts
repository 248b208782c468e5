import type { HelpContent } from '../help-content';

// French text (the product's code for French is `fy`). Spaces before « : ; ? ! » are non-breaking.
const content: HelpContent = {
  updated: '2026-11-22',
  documents: {
    privacyPolicy: {
      intro: [
        'Cette politique explique quelles informations Episodic recueille lorsque vous regardez, recherchez et payez, pourquoi nous les utilisons et quels choix s’offrent à vous. Nous l’avons voulue courte et claire.',
      ],
      sections: [
        {
          heading: 'Ce que nous recueillons',
          blocks: [
            [
              'Données du compte\u00a0: votre adresse e-mail et votre mot de passe, que nous ne conservons que sous forme chiffrée. Si vous vous connectez avec Facebook, Facebook nous transmet votre nom et votre adresse e-mail.',
              'Ce que vous regardez\u00a0: les séries et épisodes lancés, l’endroit où vous vous êtes arrêté, votre liste et, si vous êtes connecté, vos recherches récentes.',
              'Achats\u00a0: votre formule, les dates de renouvellement, votre solde de pièces et les épisodes débloqués. Pour les cartes, nous ne gardons que la marque, les quatre derniers chiffres et la date d’expiration, ainsi qu’une référence de notre prestataire de paiement. Nous ne conservons jamais le numéro complet ni le cryptogramme.',
              'Données de l’appareil et d’utilisation\u00a0: la langue de l’interface, le type de navigateur et d’appareil, une localisation approximative déduite de votre adresse IP et des données techniques en cas de problème.',
              'Identifiants publicitaires\u00a0: si vous arrivez par une publicité, l’identifiant de clic présent dans le lien (par exemple fbclid ou ttclid), afin d’attribuer votre visite à la bonne campagne.',
            ],
          ],
        },
        {
          heading: 'Regarder sans compte',
          blocks: [
            'Vous pouvez regarder sans créer de compte. Nous gardons alors une session invitée pour votre appareil, et vos recherches récentes restent dans votre navigateur. Si vous créez un compte plus tard, votre liste, votre historique et vos achats y sont transférés.',
          ],
        },
        {
          heading: 'Comment nous les utilisons',
          blocks: [
            [
              'Pour faire fonctionner le service\u00a0: lire les épisodes, retenir où vous vous êtes arrêté, conserver votre liste et vos épisodes débloqués.',
              'Pour encaisser les paiements, renouveler l’abonnement que vous avez choisi et vous envoyer les e-mails qui l’accompagnent, dont l’e-mail de renouvellement avec son lien de résiliation.',
              'Pour assurer la sécurité et le bon fonctionnement d’Episodic\u00a0: prévenir la fraude et les abus, détecter et corriger les erreurs.',
              'Pour mesurer l’efficacité de nos publicités et choisir les séries que nous proposons.',
            ],
            'Nous ne vendons pas vos données personnelles.',
          ],
        },
        {
          heading: 'Cookies, stockage et pixels',
          blocks: [
            'Un cookie vous garde connecté, et le stockage de votre navigateur retient votre langue ainsi que les identifiants mentionnés plus haut. Selon nos réglages, les pages peuvent aussi charger des pixels de mesure de Meta (Facebook), Google Analytics, TikTok et Bigo, qui reçoivent des événements comme une page vue, une recherche ou un achat. Vous pouvez les bloquer via les réglages de confidentialité de votre navigateur ou un bloqueur de contenu\u00a0; Episodic continue de fonctionner.',
          ],
        },
        {
          heading: 'Avec qui nous les partageons',
          blocks: [
            [
              'Notre prestataire de paiement, pour traiter les paiements et les remboursements.',
              'Les entreprises qui hébergent le service, envoient nos e-mails ou nous signalent les erreurs, dans le cadre de contrats qui limitent l’usage des données.',
              'Nos partenaires publicitaires et de mesure d’audience, uniquement pour les événements décrits plus haut.',
              'Les autorités, lorsque la loi l’exige.',
            ],
          ],
        },
        {
          heading: 'Durée de conservation',
          blocks: [
            'Nous conservons les données de votre compte tant qu’il existe. Les traces de paiement sont gardées aussi longtemps que les règles fiscales et comptables l’exigent. Les sessions invitées inutilisées finissent par expirer.',
          ],
        },
        {
          heading: 'Vos choix et vos droits',
          blocks: [
            'Dans l’onglet [Moi](/my), vous pouvez télécharger une copie de vos données et supprimer votre compte. Vous pouvez aussi nous demander de corriger ou d’effacer des informations, ou vous opposer à leur utilisation, via le [formulaire de contact](/contactUs). Selon votre pays de résidence, vous pouvez également saisir l’autorité de protection des données (en France, la CNIL).',
          ],
        },
        {
          heading: 'Enfants',
          blocks: [
            'Episodic ne s’adresse pas aux enfants de moins de 13 ans, et nous ne recueillons pas sciemment leurs données.',
          ],
        },
        {
          heading: 'Modifications de cette politique',
          blocks: [
            'Si nous modifions cette politique de façon importante, nous vous prévenons dans l’application ou par e-mail avant que le changement ne s’applique.',
          ],
        },
      ],
    },
    refundPolicy: {
      intro: [
        'Payer pour Episodic doit rester simple et équitable. Cette politique explique le fonctionnement des abonnements et des pièces, comment résilier et dans quels cas vous pouvez être remboursé.',
      ],
      sections: [
        {
          heading: 'Les abonnements se renouvellent automatiquement',
          blocks: [
            'Un abonnement est hebdomadaire (7 jours), mensuel (30 jours) ou annuel (365 jours). À la fin de chaque période, il se renouvelle automatiquement pour la même durée, au prix affiché lors de votre souscription, jusqu’à ce que vous le résiliiez.',
            'Chaque e-mail de renouvellement contient un lien de résiliation.',
          ],
        },
        {
          heading: 'Résilier en un geste',
          blocks: [
            [
              'Ouvrez l’onglet [Moi](/my) et résiliez votre abonnement.',
              'Ou utilisez le lien de résiliation de n’importe quel e-mail de renouvellement, sans avoir à vous connecter.',
            ],
            'La résiliation arrête le prochain renouvellement. Vous gardez l’accès jusqu’à la fin de la période déjà payée, et vous n’êtes plus prélevé.',
          ],
        },
        {
          heading: 'Remboursement d’un renouvellement involontaire',
          blocks: [
            'Si votre abonnement s’est renouvelé sans que vous le vouliez, demandez un remboursement dans les 7 jours qui suivent le prélèvement, via le [formulaire de contact](/contactUs). Nous remboursons ce renouvellement sur la carte débitée et mettons fin à l’abonnement.',
            'Au-delà de 7 jours, le renouvellement n’est pas remboursé, mais vous pouvez toujours résilier pour éviter le suivant.',
          ],
        },
        {
          heading: 'Pièces',
          blocks: [
            'Les pièces servent à débloquer des épisodes. Celles que vous avez achetées sans les dépenser restent sur votre solde. Les pièces déjà dépensées ne sont pas remboursables, sauf en cas d’erreur de notre part, par exemple\u00a0:',
            [
              'vous avez été débité deux fois pour le même achat\u00a0;',
              'des pièces ont été retirées sans que l’épisode soit débloqué\u00a0;',
              'un épisode débloqué ne se lance pas et nous ne parvenons pas à corriger le problème.',
            ],
            'Dans ces cas, nous vous rendons les pièces ou remboursons le paiement.',
          ],
        },
        {
          heading: 'Comment vous êtes remboursé',
          blocks: [
            'Le remboursement est effectué sur la carte utilisée pour le paiement. Il apparaît en général sous 5 à 10 jours ouvrés, selon votre banque.',
          ],
        },
        {
          heading: 'Vos droits légaux',
          blocks: [
            'Cette politique ne limite aucun des droits que vous accorde le droit de la consommation de votre pays.',
          ],
        },
      ],
    },
    serviceAgreement: {
      intro: [
        'Ce contrat est conclu entre vous et Episodic. En utilisant le service, vous l’acceptez. Lisez-le avec notre [Politique de confidentialité](/privacyPolicy), notre [Politique de remboursement](/refundPolicy) et notre [Politique de contenu](/contentPolicy).',
      ],
      sections: [
        {
          heading: 'Le service',
          blocks: [
            'Episodic vous permet de regarder des séries dramatiques courtes sur votre téléphone ou votre ordinateur. Les premiers épisodes de chaque série sont gratuits. Les suivants se débloquent avec des pièces ou sont inclus dans un abonnement. Le catalogue évolue, et une série peut quitter le service à la fin de notre licence.',
          ],
        },
        {
          heading: 'Votre compte',
          blocks: [
            [
              'Vous pouvez regarder en tant qu’invité, ou créer un compte avec une adresse e-mail et un mot de passe, ou avec Facebook.',
              'Gardez votre mot de passe pour vous. Vous êtes responsable de ce qui se passe sur votre compte.',
              'Vous devez avoir au moins 18 ans pour acheter un abonnement ou des pièces, ou disposer de l’accord d’un parent ou d’un tuteur.',
            ],
          ],
        },
        {
          heading: 'Abonnements',
          blocks: [
            'Un abonnement donne accès à tous les épisodes pendant sa durée\u00a0: 7 jours (hebdomadaire), 30 jours (mensuel) ou 365 jours (annuel). Il se renouvelle automatiquement pour la même durée, au prix affiché lors de la souscription, jusqu’à sa résiliation.',
            'Vous pouvez résilier à tout moment, en un geste, depuis l’onglet [Moi](/my) ou avec le lien de n’importe quel e-mail de renouvellement. La résiliation arrête le prochain renouvellement et vous gardez l’accès jusqu’à la fin de la période payée. Si un prix change, nous vous prévenons avant qu’il ne s’applique à votre prochain renouvellement.',
          ],
        },
        {
          heading: 'Pièces',
          blocks: [
            'Les pièces s’achètent par lots et servent à débloquer des épisodes à l’unité. Un épisode débloqué le reste pour votre compte. Les pièces n’ont aucune valeur monétaire, ne sont pas transférables et ne sont remboursées que dans les cas prévus par la [Politique de remboursement](/refundPolicy).',
          ],
        },
        {
          heading: 'Paiements',
          blocks: [
            'Vous payez par carte de crédit, de débit ou prépayée via notre prestataire de paiement. Nous ne conservons jamais le numéro complet de la carte ni le cryptogramme, seulement la marque, les quatre derniers chiffres et la date d’expiration. Sauf mention contraire, les prix incluent les taxes applicables dans votre pays.',
          ],
        },
        {
          heading: 'Bon usage',
          blocks: [
            [
              'Utilisez le service à titre personnel et non commercial.',
              'Ne copiez, n’enregistrez, ne téléchargez ni ne rediffusez les vidéos, et n’essayez pas de contourner les verrous ou autres protections.',
              'Ne revendez pas l’accès, ne partagez pas votre compte en dehors de votre foyer et n’utilisez ni robots ni scripts.',
              'Ne perturbez pas le service ni les autres spectateurs.',
            ],
            'Nous pouvons suspendre ou fermer un compte qui enfreint ces règles. Si nous fermons votre compte sans motif valable, nous remboursons la partie non utilisée de l’abonnement payé et vos pièces non dépensées.',
          ],
        },
        {
          heading: 'Contenus',
          blocks: [
            'Les vidéos, visuels et textes d’Episodic nous appartiennent ou appartiennent à nos concédants. La [Politique de contenu](/contentPolicy) explique ce que les séries peuvent contenir et comment signaler un problème.',
          ],
        },
        {
          heading: 'Disponibilité',
          blocks: [
            'Nous faisons le nécessaire pour qu’Episodic fonctionne bien, mais nous ne pouvons pas garantir qu’il soit toujours disponible ni exempt d’erreurs. Nous pouvons modifier ou retirer des fonctionnalités. Si nous fermons définitivement le service, nous remboursons la partie non utilisée des abonnements payés et les pièces non dépensées.',
          ],
        },
        {
          heading: 'Fin du contrat',
          blocks: [
            'Vous pouvez cesser d’utiliser Episodic à tout moment et supprimer votre compte depuis l’onglet [Moi](/my). La suppression du compte résilie aussi votre abonnement.',
          ],
        },
        {
          heading: 'Responsabilité',
          blocks: [
            'Rien dans ce contrat ne limite une responsabilité que la loi interdit de limiter. Pour le reste, nous ne sommes pas responsables des dommages indirects, et notre responsabilité totale envers vous est limitée aux sommes que vous nous avez versées dans les 12 mois précédant la réclamation.',
          ],
        },
        {
          heading: 'Modifications et questions',
          blocks: [
            'Nous pouvons mettre à jour ce contrat. Si un changement vous concerne, nous vous prévenons à l’avance et, si vous ne l’acceptez pas, vous pouvez résilier avant son entrée en vigueur. Pour toute question, passez par le [formulaire de contact](/contactUs).',
          ],
        },
      ],
    },
    contentPolicy: {
      intro: [
        'Episodic publie des séries dramatiques courtes destinées aux adolescents et aux adultes. Cette politique explique ce que nos séries peuvent contenir, ce que nous ne publions pas et comment nous signaler un problème. Utiliser le service, c’est aussi accepter ces conditions d’utilisation.',
      ],
      sections: [
        {
          heading: 'Ce que vous trouverez',
          blocks: [
            'Nos séries sont des fictions\u00a0: romance, vengeance, drames familiaux, fantastique et bien plus. Les histoires peuvent aborder des thèmes adultes comme les conflits, la trahison, une violence modérée ou des scènes romantiques. Quand une série contient des passages plus marqués, sa description le précise.',
          ],
        },
        {
          heading: 'Ce que nous ne publions pas',
          blocks: [
            [
              'Tout contenu sexuel impliquant des mineurs, sous quelque forme que ce soit.',
              'Les contenus sexuels explicites.',
              'Les contenus qui incitent à la haine ou à la violence envers des personnes en raison de ce qu’elles sont.',
              'Les instructions réalistes pour commettre des crimes graves ou pour se faire du mal.',
              'Les contenus qui portent atteinte aux droits d’autrui ou utilisent l’image d’une personne réelle sans son accord.',
            ],
          ],
        },
        {
          heading: 'Âge',
          blocks: [
            'Episodic s’adresse aux spectateurs de 13 ans et plus. Certaines séries ne conviennent qu’aux adultes\u00a0: les parents sont invités à garder un œil sur ce que regardent leurs enfants.',
          ],
        },
        {
          heading: 'Langues et sous-titres',
          blocks: [
            'Les séries sont proposées en plusieurs langues. Nous visons des traductions fidèles\u00a0; si un titre ou un sous-titre est erroné ou choquant, dites-le-nous.',
          ],
        },
        {
          heading: 'Signaler un problème',
          blocks: [
            'Si vous pensez qu’une série enfreint cette politique ou vos droits, écrivez-nous via le [formulaire de contact](/contactUs) en indiquant le titre de la série et le numéro de l’épisode. Nous examinons chaque signalement et retirons si nécessaire l’épisode ou la série. Si vous êtes titulaire des droits sur un contenu diffusé sur Episodic, joignez une preuve afin que nous puissions agir rapidement.',
          ],
        },
        {
          heading: 'Nos décisions',
          blocks: [
            'Nous pouvons retirer un contenu ou le restreindre dans certains pays. Si vous aviez dépensé des pièces pour un épisode retiré, nous vous les rendons.',
          ],
        },
      ],
    },
  },
  faq: [
    {
      question: 'Episodic est-il gratuit\u00a0?',
      answer: [
        'Les premiers épisodes de chaque série sont gratuits, et aucun compte n’est nécessaire pour les regarder. Pour continuer une série, débloquez des épisodes avec des pièces ou prenez un abonnement qui les inclut tous.',
      ],
    },
    {
      question: 'Quelle différence entre les pièces et un abonnement\u00a0?',
      answer: [
        'Les pièces débloquent des épisodes à l’unité, et un épisode débloqué le reste pour vous. Un abonnement (hebdomadaire, mensuel ou annuel) donne accès à tous les épisodes tant qu’il est actif.',
      ],
    },
    {
      question: 'Comment mon abonnement se renouvelle-t-il\u00a0?',
      answer: [
        'Il se renouvelle automatiquement à la fin de chaque période, tous les 7, 30 ou 365 jours selon votre formule, jusqu’à ce que vous le résiliiez. Chaque e-mail de renouvellement contient un lien de résiliation.',
      ],
    },
    {
      question: 'Comment résilier mon abonnement\u00a0?',
      answer: [
        'Ouvrez l’onglet [Moi](/my) et résiliez en un geste, ou utilisez le lien de résiliation de n’importe quel e-mail de renouvellement. L’abonnement ne se renouvelle plus, et vous gardez l’accès jusqu’à la fin de la période payée.',
      ],
    },
    {
      question: 'J’ai été prélevé pour un renouvellement non voulu. Puis-je être remboursé\u00a0?',
      answer: [
        'Oui, si vous en faites la demande dans les 7 jours qui suivent le prélèvement. Écrivez-nous via le [formulaire de contact](/contactUs) en précisant la date du prélèvement et les quatre derniers chiffres de la carte. Tous les détails sont dans la [Politique de remboursement](/refundPolicy).',
      ],
    },
    {
      question: 'Puis-je récupérer mes pièces\u00a0?',
      answer: [
        'Les pièces dépensées ne sont pas remboursables, sauf si l’erreur vient de nous\u00a0: par exemple, vous avez été débité deux fois ou un épisode débloqué ne se lance pas. Prévenez-nous et nous arrangerons cela.',
      ],
    },
    {
      question: 'Ai-je besoin d’un compte\u00a0?',
      answer: [
        'Non. En tant qu’invité, vous pouvez regarder, tenir votre liste et débloquer des épisodes sur cet appareil. Créez un compte pour tout conserver si vous changez de téléphone ou de navigateur\u00a0: votre liste, votre historique et vos achats y sont transférés.',
      ],
    },
    {
      question: 'Mes données de carte sont-elles en sécurité\u00a0?',
      answer: [
        'Les paiements par carte passent par notre prestataire de paiement. Nous ne conservons jamais le numéro complet de la carte ni le cryptogramme, seulement la marque, les quatre derniers chiffres et la date d’expiration.',
      ],
    },
    {
      question: 'Un épisode ne se lance pas. Que faire\u00a0?',
      answer: [
        [
          'Vérifiez votre connexion et réessayez.',
          'Mettez votre navigateur à jour ou essayez-en un autre.',
          'Si l’épisode est verrouillé, débloquez-le ou vérifiez dans l’onglet [Moi](/my) que votre abonnement est actif.',
        ],
        'Toujours bloqué\u00a0? [Contactez-nous](/contactUs) en indiquant le titre de la série et le numéro de l’épisode.',
      ],
    },
    {
      question: 'Comment changer de langue\u00a0?',
      answer: ['Utilisez le sélecteur de langue en haut de l’écran. Votre choix est mémorisé sur cet appareil.'],
    },
    {
      question: 'Comment supprimer mon compte\u00a0?',
      answer: [
        'Vous pouvez supprimer votre compte depuis l’onglet [Moi](/my). Cela résilie aussi votre abonnement, et les pièces non dépensées sont perdues\u00a0: pensez à les utiliser avant.',
      ],
    },
  ],
};

export default content;
