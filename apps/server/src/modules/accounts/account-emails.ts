import { htmlLangFor, type Language } from '@episodic/contract';
import type { MailMessage } from '../../mail/mailer';

interface ResetCopy {
  subject: string;
  greeting: string;
  body: string;
  button: string;
  expiry: (minutes: number) => string;
  ignore: string;
}

const RESET: Record<Language, ResetCopy> = {
  en: {
    subject: 'Reset your Episodic password',
    greeting: 'Hello,',
    body: 'Someone asked to reset the password of the Episodic account for this email address. To choose a new password, open this link:',
    button: 'Choose a new password',
    expiry: (m) => `The link works once and expires in ${m} minutes.`,
    ignore: 'If you did not ask for this, you can ignore this email: your password stays the same.',
  },
  es: {
    subject: 'Restablece tu contraseña de Episodic',
    greeting: 'Hola:',
    body: 'Alguien ha pedido restablecer la contraseña de la cuenta de Episodic de esta dirección. Para elegir una contraseña nueva, abre este enlace:',
    button: 'Elegir una contraseña nueva',
    expiry: (m) => `El enlace sirve una sola vez y caduca en ${m} minutos.`,
    ignore: 'Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
  },
  fy: {
    subject: 'Réinitialisez votre mot de passe Episodic',
    greeting: 'Bonjour,',
    body: 'Quelqu’un a demandé à réinitialiser le mot de passe du compte Episodic associé à cette adresse. Pour choisir un nouveau mot de passe, ouvrez ce lien :',
    button: 'Choisir un nouveau mot de passe',
    expiry: (m) => `Le lien ne fonctionne qu’une fois et expire dans ${m} minutes.`,
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe ne change pas.',
  },
  dy: {
    subject: 'Setze dein Episodic-Passwort zurück',
    greeting: 'Hallo,',
    body: 'Jemand möchte das Passwort des Episodic-Kontos zu dieser E-Mail-Adresse zurücksetzen. Öffne diesen Link, um ein neues Passwort zu wählen:',
    button: 'Neues Passwort wählen',
    expiry: (m) => `Der Link funktioniert einmal und läuft in ${m} Minuten ab.`,
    ignore: 'Wenn du das nicht warst, ignoriere diese E-Mail einfach: Dein Passwort bleibt unverändert.',
  },
  pt: {
    subject: 'Redefina sua senha do Episodic',
    greeting: 'Olá,',
    body: 'Alguém pediu para redefinir a senha da conta Episodic deste endereço de e-mail. Para escolher uma nova senha, abra este link:',
    button: 'Escolher uma nova senha',
    expiry: (m) => `O link funciona uma única vez e expira em ${m} minutos.`,
    ignore: 'Se não foi você, ignore este e-mail: sua senha continua a mesma.',
  },
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The password-reset email, in the account's language, with a plain-text part. */
export function passwordResetEmail(to: string, link: string, minutes: number, lang: Language): MailMessage {
  const c = RESET[lang];
  const text = [c.greeting, '', c.body, link, '', c.expiry(minutes), c.ignore, '', '— Episodic'].join('\n');
  const html = `<!doctype html><html lang="${htmlLangFor(lang)}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escape(c.greeting)}</p><p>${escape(c.body)}</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#e11d48;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escape(c.button)}</a></p>
<p style="font-size:13px;color:#555">${escape(c.expiry(minutes))}<br>${escape(c.ignore)}</p>
<p style="font-size:13px;color:#555">${escape(link)}</p><p>— Episodic</p></body></html>`;
  return { to, subject: c.subject, text, html };
}

interface VerifyCopy {
  subject: string;
  greeting: string;
  body: string;
  button: string;
  expiry: (hours: number) => string;
  ignore: string;
}

const VERIFY: Record<Language, VerifyCopy> = {
  en: {
    subject: 'Confirm your email for Episodic',
    greeting: 'Hello,',
    body: 'An Episodic account was created with this email address. To confirm that the address is yours, open this link:',
    button: 'Confirm my email',
    expiry: (h) => `The link works once and expires in ${h} hours.`,
    ignore:
      'If you did not create this account, ignore this email: without your confirmation the address is not linked to anything.',
  },
  es: {
    subject: 'Confirma tu correo de Episodic',
    greeting: 'Hola:',
    body: 'Se ha creado una cuenta de Episodic con esta dirección de correo. Para confirmar que es tuya, abre este enlace:',
    button: 'Confirmar mi correo',
    expiry: (h) => `El enlace sirve una sola vez y caduca en ${h} horas.`,
    ignore: 'Si no has creado esta cuenta, ignora este correo: sin tu confirmación la dirección no se vincula a nada.',
  },
  fy: {
    subject: 'Confirmez votre adresse e-mail pour Episodic',
    greeting: 'Bonjour,',
    body: 'Un compte Episodic a été créé avec cette adresse e-mail. Pour confirmer que l’adresse est bien la vôtre, ouvrez ce lien :',
    button: 'Confirmer mon adresse',
    expiry: (h) => `Le lien ne fonctionne qu’une fois et expire dans ${h} heures.`,
    ignore:
      'Si vous n’avez pas créé ce compte, ignorez cet e-mail : sans votre confirmation, l’adresse n’est liée à rien.',
  },
  dy: {
    subject: 'Bestätige deine E-Mail-Adresse für Episodic',
    greeting: 'Hallo,',
    body: 'Mit dieser E-Mail-Adresse wurde ein Episodic-Konto erstellt. Öffne diesen Link, um zu bestätigen, dass die Adresse dir gehört:',
    button: 'E-Mail-Adresse bestätigen',
    expiry: (h) => `Der Link funktioniert einmal und läuft in ${h} Stunden ab.`,
    ignore:
      'Wenn du dieses Konto nicht erstellt hast, ignoriere diese E-Mail: Ohne deine Bestätigung wird die Adresse mit nichts verknüpft.',
  },
  pt: {
    subject: 'Confirme seu e-mail no Episodic',
    greeting: 'Olá,',
    body: 'Uma conta Episodic foi criada com este endereço de e-mail. Para confirmar que o endereço é seu, abra este link:',
    button: 'Confirmar meu e-mail',
    expiry: (h) => `O link funciona uma única vez e expira em ${h} horas.`,
    ignore:
      'Se você não criou esta conta, ignore este e-mail: sem a sua confirmação, o endereço não fica vinculado a nada.',
  },
};

/** The email-verification email, in the account's language, with a plain-text part. */
export function emailVerificationEmail(to: string, link: string, hours: number, lang: Language): MailMessage {
  const c = VERIFY[lang];
  const text = [c.greeting, '', c.body, link, '', c.expiry(hours), c.ignore, '', '— Episodic'].join('\n');
  const html = `<!doctype html><html lang="${htmlLangFor(lang)}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escape(c.greeting)}</p><p>${escape(c.body)}</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#e11d48;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escape(c.button)}</a></p>
<p style="font-size:13px;color:#555">${escape(c.expiry(hours))}<br>${escape(c.ignore)}</p>
<p style="font-size:13px;color:#555">${escape(link)}</p><p>— Episodic</p></body></html>`;
  return { to, subject: c.subject, text, html };
}

interface PurchaseCopy {
  subject: string;
  greeting: string;
  body: string;
  button: string;
  expiry: (days: number) => string;
  ignore: string;
}

const PURCHASE: Record<Language, PurchaseCopy> = {
  en: {
    subject: 'Set your Episodic password to keep your purchases',
    greeting: 'Hello,',
    body: 'Purchases were made on Episodic with this email address. To reach them from any device, set a password for an account with this address:',
    button: 'Set your password',
    expiry: (d) => `The link works once and expires in ${d} days.`,
    ignore: 'If you bought nothing on Episodic, ignore this email: nothing changes without you.',
  },
  es: {
    subject: 'Crea tu contraseña de Episodic para conservar tus compras',
    greeting: 'Hola:',
    body: 'Se hicieron compras en Episodic con esta dirección de correo. Para acceder a ellas desde cualquier dispositivo, crea una contraseña para una cuenta con esta dirección:',
    button: 'Crear tu contraseña',
    expiry: (d) => `El enlace sirve una sola vez y caduca en ${d} días.`,
    ignore: 'Si no compraste nada en Episodic, ignora este correo: nada cambia sin ti.',
  },
  fy: {
    subject: 'Choisissez votre mot de passe Episodic pour garder vos achats',
    greeting: 'Bonjour,',
    body: 'Des achats ont été faits sur Episodic avec cette adresse e-mail. Pour les retrouver depuis n’importe quel appareil, choisissez un mot de passe pour un compte à cette adresse :',
    button: 'Choisir votre mot de passe',
    expiry: (d) => `Le lien ne fonctionne qu’une fois et expire dans ${d} jours.`,
    ignore: 'Si vous n’avez rien acheté sur Episodic, ignorez cet e-mail : rien ne change sans vous.',
  },
  dy: {
    subject: 'Lege dein Episodic-Passwort fest, um deine Käufe zu behalten',
    greeting: 'Hallo,',
    body: 'Mit dieser E-Mail-Adresse wurde bei Episodic eingekauft. Damit du von jedem Gerät aus darauf zugreifen kannst, lege ein Passwort für ein Konto mit dieser Adresse fest:',
    button: 'Passwort festlegen',
    expiry: (d) => `Der Link funktioniert einmal und läuft in ${d} Tagen ab.`,
    ignore: 'Wenn du bei Episodic nichts gekauft hast, ignoriere diese E-Mail: Ohne dich ändert sich nichts.',
  },
  pt: {
    subject: 'Defina sua senha do Episodic para manter suas compras',
    greeting: 'Olá,',
    body: 'Foram feitas compras no Episodic com este endereço de e-mail. Para acessá-las de qualquer dispositivo, defina uma senha para uma conta com este endereço:',
    button: 'Definir sua senha',
    expiry: (d) => `O link funciona uma única vez e expira em ${d} dias.`,
    ignore: 'Se você não comprou nada no Episodic, ignore este e-mail: nada muda sem você.',
  },
};

/** The email with the link that turns the guest who bought with this address into an account. */
export function purchaseLinkEmail(to: string, link: string, days: number, lang: Language): MailMessage {
  const c = PURCHASE[lang];
  const text = [c.greeting, '', c.body, link, '', c.expiry(days), c.ignore, '', '— Episodic'].join('\n');
  const html = `<!doctype html><html lang="${htmlLangFor(lang)}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escape(c.greeting)}</p><p>${escape(c.body)}</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#e11d48;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escape(c.button)}</a></p>
<p style="font-size:13px;color:#555">${escape(c.expiry(days))}<br>${escape(c.ignore)}</p>
<p style="font-size:13px;color:#555">${escape(link)}</p><p>— Episodic</p></body></html>`;
  return { to, subject: c.subject, text, html };
}
