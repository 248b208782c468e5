import { htmlLangFor, type Language } from '@episodic/contract';
import { day, esc } from './billing-emails';
import type { CancelLink } from './cancel-link';

/** Where the emailed cancel link stands: asking to confirm, done now, done before, from an earlier period, or not ours. */
export type CancelLinkState =
  | { state: 'confirm' | 'done' | 'already'; lang: Language; plan: string; endsAt: Date }
  | { state: 'expired' | 'invalid'; lang: Language };

interface Copy {
  confirmTitle: string;
  confirmBody: (plan: string, date: string) => string;
  button: string;
  keep: string;
  doneTitle: string;
  doneBody: (date: string) => string;
  alreadyTitle: string;
  alreadyBody: (date: string) => string;
  expiredTitle: string;
  expiredBody: string;
  invalidTitle: string;
  invalidBody: string;
  account: string;
}

const COPY: Record<Language, Copy> = {
  en: {
    confirmTitle: 'Cancel your renewal?',
    confirmBody: (plan, date) =>
      `Your ${plan} membership stays active until ${date}. After that it does not renew and you are not charged again.`,
    button: 'Cancel renewal',
    keep: 'Keep my membership',
    doneTitle: 'Your renewal is cancelled',
    doneBody: (date) => `You keep access until ${date}. You will not be charged again.`,
    alreadyTitle: 'Your renewal is already cancelled',
    alreadyBody: (date) => `You keep access until ${date}.`,
    expiredTitle: 'This link has expired',
    expiredBody:
      'It was sent for an earlier period of your membership. You can manage your membership on your account page.',
    invalidTitle: 'This link is not valid',
    invalidBody: 'You can manage your membership on your account page.',
    account: 'Go to my account',
  },
  es: {
    confirmTitle: '¿Cancelar la renovación?',
    confirmBody: (plan, date) =>
      `Tu suscripción ${plan} sigue activa hasta el ${date}. Después no se renueva y no se te vuelve a cobrar.`,
    button: 'Cancelar la renovación',
    keep: 'Mantener mi suscripción',
    doneTitle: 'Tu renovación está cancelada',
    doneBody: (date) => `Conservas el acceso hasta el ${date}. No se te volverá a cobrar.`,
    alreadyTitle: 'Tu renovación ya estaba cancelada',
    alreadyBody: (date) => `Conservas el acceso hasta el ${date}.`,
    expiredTitle: 'Este enlace ha caducado',
    expiredBody:
      'Se envió para un periodo anterior de tu suscripción. Puedes gestionar tu suscripción en la página de tu cuenta.',
    invalidTitle: 'Este enlace no es válido',
    invalidBody: 'Puedes gestionar tu suscripción en la página de tu cuenta.',
    account: 'Ir a mi cuenta',
  },
  fy: {
    confirmTitle: 'Annuler le renouvellement ?',
    confirmBody: (plan, date) =>
      `Votre abonnement ${plan} reste actif jusqu’au ${date}. Ensuite, il ne se renouvelle pas et vous n’êtes plus débité.`,
    button: 'Annuler le renouvellement',
    keep: 'Garder mon abonnement',
    doneTitle: 'Votre renouvellement est annulé',
    doneBody: (date) => `Vous gardez l’accès jusqu’au ${date}. Vous ne serez plus débité.`,
    alreadyTitle: 'Votre renouvellement est déjà annulé',
    alreadyBody: (date) => `Vous gardez l’accès jusqu’au ${date}.`,
    expiredTitle: 'Ce lien a expiré',
    expiredBody:
      'Il a été envoyé pour une période précédente de votre abonnement. Vous pouvez gérer votre abonnement depuis la page de votre compte.',
    invalidTitle: 'Ce lien n’est pas valide',
    invalidBody: 'Vous pouvez gérer votre abonnement depuis la page de votre compte.',
    account: 'Aller à mon compte',
  },
  dy: {
    confirmTitle: 'Verlängerung kündigen?',
    confirmBody: (plan, date) =>
      `Deine Mitgliedschaft ${plan} bleibt bis zum ${date} aktiv. Danach verlängert sie sich nicht und es wird nichts mehr abgebucht.`,
    button: 'Verlängerung kündigen',
    keep: 'Mitgliedschaft behalten',
    doneTitle: 'Deine Verlängerung ist gekündigt',
    doneBody: (date) => `Du behältst den Zugang bis zum ${date}. Es wird nichts mehr abgebucht.`,
    alreadyTitle: 'Deine Verlängerung ist bereits gekündigt',
    alreadyBody: (date) => `Du behältst den Zugang bis zum ${date}.`,
    expiredTitle: 'Dieser Link ist abgelaufen',
    expiredBody:
      'Er wurde für einen früheren Zeitraum deiner Mitgliedschaft verschickt. Du kannst deine Mitgliedschaft auf deiner Kontoseite verwalten.',
    invalidTitle: 'Dieser Link ist ungültig',
    invalidBody: 'Du kannst deine Mitgliedschaft auf deiner Kontoseite verwalten.',
    account: 'Zu meinem Konto',
  },
  pt: {
    confirmTitle: 'Cancelar a renovação?',
    confirmBody: (plan, date) =>
      `Sua assinatura ${plan} continua ativa até ${date}. Depois disso, ela não renova e você não é cobrado novamente.`,
    button: 'Cancelar renovação',
    keep: 'Manter minha assinatura',
    doneTitle: 'Sua renovação foi cancelada',
    doneBody: (date) => `Você mantém o acesso até ${date}. Você não será cobrado novamente.`,
    alreadyTitle: 'Sua renovação já estava cancelada',
    alreadyBody: (date) => `Você mantém o acesso até ${date}.`,
    expiredTitle: 'Este link expirou',
    expiredBody:
      'Ele foi enviado para um período anterior da sua assinatura. Você pode gerenciar sua assinatura na página da sua conta.',
    invalidTitle: 'Este link não é válido',
    invalidBody: 'Você pode gerenciar sua assinatura na página da sua conta.',
    account: 'Ir para minha conta',
  },
};

const BUTTON =
  'display:block;width:100%;box-sizing:border-box;text-align:center;padding:12px;font-size:16px;border-radius:8px;text-decoration:none';

/**
 * The page behind the emailed cancel link, server-made so it works from a mail client without a
 * session: the consequence, and one button that POSTs the link's signed fields back (a plain form:
 * no script, so the CSP needs nothing; `form-action 'self'`).
 */
export function cancelLinkPage(result: CancelLinkState, link: CancelLink | null): string {
  const c = COPY[result.lang];
  let title: string;
  let body: string;
  let actions = `<a href="/my" style="${BUTTON};border:1px solid #999;color:#111">${esc(c.account)}</a>`;
  switch (result.state) {
    case 'confirm': {
      title = c.confirmTitle;
      body = c.confirmBody(result.plan, day(result.endsAt, result.lang));
      const fields = link
        ? (['u', 'p', 's'] as const).map((k) => `<input type="hidden" name="${k}" value="${esc(link[k])}">`).join('')
        : '';
      actions = `<form method="post" action="/api/payment/cancel-link">${fields}<button type="submit" style="${BUTTON};border:0;background:#dc2626;color:#fff;cursor:pointer">${esc(c.button)}</button></form>
<a href="/my" style="${BUTTON};margin-top:12px;border:1px solid #999;color:#111">${esc(c.keep)}</a>`;
      break;
    }
    case 'done':
      title = c.doneTitle;
      body = c.doneBody(day(result.endsAt, result.lang));
      break;
    case 'already':
      title = c.alreadyTitle;
      body = c.alreadyBody(day(result.endsAt, result.lang));
      break;
    case 'expired':
      title = c.expiredTitle;
      body = c.expiredBody;
      break;
    default:
      title = c.invalidTitle;
      body = c.invalidBody;
  }
  return `<!doctype html><html lang="${htmlLangFor(result.lang)}"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)} · Episodic</title>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#111;line-height:1.5">
<h1 style="font-size:20px">${esc(title)}</h1><p>${esc(body)}</p>
${actions}</body></html>`;
}
