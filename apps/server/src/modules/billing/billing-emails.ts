import { htmlLangFor, localeFor, type Language } from '@episodic/contract';
import type { MailMessage } from '../../mail/mailer';

interface Copy {
  receiptSubject: string;
  receiptBody: (plan: string, amount: string, date: string) => string;
  renewsOn: (date: string) => string;
  cancelLine: string;
  cancelButton: string;
  reminderSubject: string;
  reminderBody: (plan: string, amount: string, date: string) => string;
  testMode: string;
  setPasswordLine: string;
  setPasswordButton: string;
  accountLine: string;
}

const COPY: Record<Language, Copy> = {
  en: {
    receiptSubject: 'Your Episodic receipt',
    receiptBody: (plan, amount, date) => `Thank you. We charged ${amount} for ${plan} on ${date}.`,
    renewsOn: (date) => `Your membership renews on ${date}.`,
    cancelLine:
      'To stop the next renewal, open this link and confirm: you keep access until the end of the period you paid for.',
    cancelButton: 'Cancel renewal',
    reminderSubject: 'Your Episodic membership renews soon',
    reminderBody: (plan, amount, date) => `Your ${plan} membership renews on ${date} for ${amount}.`,
    setPasswordLine:
      'To reach this purchase from any device, set a password for your Episodic account with this email address:',
    setPasswordButton: 'Set your password',
    accountLine:
      'This email already has an Episodic account. Sign in with it on the device you paid on, and this purchase moves into your account.',
    testMode: 'Test mode: no money is taken.',
  },
  es: {
    receiptSubject: 'Tu recibo de Episodic',
    receiptBody: (plan, amount, date) => `Gracias. Hemos cobrado ${amount} por ${plan} el ${date}.`,
    renewsOn: (date) => `Tu suscripción se renueva el ${date}.`,
    cancelLine:
      'Para detener la próxima renovación, abre este enlace y confirma: conservas el acceso hasta el final del periodo pagado.',
    cancelButton: 'Cancelar la renovación',
    reminderSubject: 'Tu suscripción de Episodic se renueva pronto',
    reminderBody: (plan, amount, date) => `Tu suscripción ${plan} se renueva el ${date} por ${amount}.`,
    setPasswordLine:
      'Para acceder a esta compra desde cualquier dispositivo, crea una contraseña para tu cuenta de Episodic con este correo:',
    setPasswordButton: 'Crear tu contraseña',
    accountLine:
      'Este correo ya tiene una cuenta de Episodic. Inicia sesión con ella en el dispositivo con el que pagaste y esta compra pasará a tu cuenta.',
    testMode: 'Modo de prueba: no se cobra dinero.',
  },
  fy: {
    receiptSubject: 'Votre reçu Episodic',
    receiptBody: (plan, amount, date) => `Merci. Nous avons débité ${amount} pour ${plan} le ${date}.`,
    renewsOn: (date) => `Votre abonnement se renouvelle le ${date}.`,
    cancelLine:
      'Pour arrêter le prochain renouvellement, ouvrez ce lien et confirmez : vous gardez l’accès jusqu’à la fin de la période payée.',
    cancelButton: 'Annuler le renouvellement',
    reminderSubject: 'Votre abonnement Episodic se renouvelle bientôt',
    reminderBody: (plan, amount, date) => `Votre abonnement ${plan} se renouvelle le ${date} pour ${amount}.`,
    setPasswordLine:
      'Pour retrouver cet achat depuis n’importe quel appareil, choisissez un mot de passe pour votre compte Episodic à cette adresse :',
    setPasswordButton: 'Choisir votre mot de passe',
    accountLine:
      'Cette adresse a déjà un compte Episodic. Connectez-vous avec lui sur l’appareil utilisé pour payer, et cet achat passera dans votre compte.',
    testMode: 'Mode test : aucun argent n’est prélevé.',
  },
  dy: {
    receiptSubject: 'Deine Episodic-Quittung',
    receiptBody: (plan, amount, date) => `Danke. Wir haben am ${date} ${amount} für ${plan} abgebucht.`,
    renewsOn: (date) => `Deine Mitgliedschaft verlängert sich am ${date}.`,
    cancelLine:
      'Um die nächste Verlängerung zu stoppen, öffne diesen Link und bestätige: Du behältst den Zugang bis zum Ende des bezahlten Zeitraums.',
    cancelButton: 'Verlängerung kündigen',
    reminderSubject: 'Deine Episodic-Mitgliedschaft verlängert sich bald',
    reminderBody: (plan, amount, date) => `Deine Mitgliedschaft ${plan} verlängert sich am ${date} für ${amount}.`,
    setPasswordLine:
      'Damit du von jedem Gerät aus auf diesen Kauf zugreifen kannst, lege ein Passwort für dein Episodic-Konto mit dieser E-Mail-Adresse fest:',
    setPasswordButton: 'Passwort festlegen',
    accountLine:
      'Zu dieser E-Mail-Adresse gibt es schon ein Episodic-Konto. Melde dich auf dem Gerät, mit dem du bezahlt hast, damit an, dann wandert dieser Kauf in dein Konto.',
    testMode: 'Testmodus: Es wird kein Geld abgebucht.',
  },
  pt: {
    receiptSubject: 'Seu recibo do Episodic',
    receiptBody: (plan, amount, date) => `Obrigado. Cobramos ${amount} pelo plano ${plan} em ${date}.`,
    renewsOn: (date) => `Sua assinatura renova em ${date}.`,
    cancelLine:
      'Para interromper a próxima renovação, abra este link e confirme: você mantém o acesso até o fim do período pago.',
    cancelButton: 'Cancelar renovação',
    reminderSubject: 'Sua assinatura do Episodic renova em breve',
    reminderBody: (plan, amount, date) => `Sua assinatura ${plan} renova em ${date} por ${amount}.`,
    setPasswordLine:
      'Para acessar esta compra de qualquer dispositivo, defina uma senha para sua conta Episodic com este e-mail:',
    setPasswordButton: 'Definir sua senha',
    accountLine:
      'Este e-mail já tem uma conta Episodic. Entre com ela no dispositivo em que você pagou, e esta compra passa para a sua conta.',
    testMode: 'Modo de teste: nenhum dinheiro é cobrado.',
  },
};

/** Text made safe inside HTML (the emails' and the server-made pages'). */
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A price as the language writes it, always two decimals ("4,99 $" in German); the code for an unknown currency. */
export function money(minor: number, currency: string, lang: Language): string {
  try {
    return new Intl.NumberFormat(localeFor(lang), {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(Math.round(minor) / 100);
  } catch {
    return `${(Math.round(minor) / 100).toFixed(2)} ${currency}`;
  }
}
/** A date as the language writes it ("December 3, 2026"), in UTC. */
export function day(date: Date, lang: Language): string {
  return new Intl.DateTimeFormat(localeFor(lang), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

interface Action {
  line: string;
  button: string;
  url: string;
}

const BUTTON =
  'display:inline-block;border:1px solid #999;padding:8px 14px;border-radius:8px;color:#111;text-decoration:none';

function render(lang: Language, to: string, subject: string, lines: string[], actions: Action[] = []): MailMessage {
  const text = [...lines, ...actions.flatMap((a) => ['', a.line, a.url]), '', '— Episodic'].join('\n');
  const html = `<!doctype html><html lang="${htmlLangFor(lang)}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
${lines.map((l) => `<p>${esc(l)}</p>`).join('\n')}
${actions.map((a) => `<p style="font-size:14px;color:#444">${esc(a.line)}</p><p><a href="${esc(a.url)}" style="${BUTTON}">${esc(a.button)}</a></p>`).join('\n')}
<p>— Episodic</p></body></html>`;
  return { to, subject, text, html };
}

/**
 * A receipt after every charge; membership receipts carry the one-tap cancel link. A guest's receipt
 * carries the link that sets the password of an account with this address, or, when the address
 * has an account already, says how the purchase reaches it.
 */
export function receiptEmail(o: {
  to: string;
  lang: Language;
  plan: string;
  amount: number;
  currency: string;
  paidAt: Date;
  renewsAt: Date | null;
  cancelUrl: string | null;
  /** A guest's purchase: its set-password link, or `account` when the address has an account. */
  claim?: string | 'account' | null;
  testMode?: boolean;
}): MailMessage {
  const c = COPY[o.lang];
  const lines = [
    ...(o.testMode ? [c.testMode] : []),
    c.receiptBody(o.plan, money(o.amount, o.currency, o.lang), day(o.paidAt, o.lang)),
  ];
  if (o.renewsAt) lines.push(c.renewsOn(day(o.renewsAt, o.lang)));
  if (o.claim === 'account') lines.push(c.accountLine);
  const actions: Action[] = [];
  if (o.claim && o.claim !== 'account')
    actions.push({ line: c.setPasswordLine, button: c.setPasswordButton, url: o.claim });
  if (o.cancelUrl) actions.push({ line: c.cancelLine, button: c.cancelButton, url: o.cancelUrl });
  return render(o.lang, o.to, c.receiptSubject, lines, actions);
}

/** The reminder before a renewal (of a period of 30 days or more): its date, the agreed price, the cancel link. */
export function renewalReminderEmail(o: {
  to: string;
  lang: Language;
  plan: string;
  amount: number;
  currency: string;
  renewsAt: Date;
  cancelUrl: string;
  testMode?: boolean;
}): MailMessage {
  const c = COPY[o.lang];
  const lines = [
    ...(o.testMode ? [c.testMode] : []),
    c.reminderBody(o.plan, money(o.amount, o.currency, o.lang), day(o.renewsAt, o.lang)),
  ];
  return render(o.lang, o.to, c.reminderSubject, lines, [
    { line: c.cancelLine, button: c.cancelButton, url: o.cancelUrl },
  ]);
}
