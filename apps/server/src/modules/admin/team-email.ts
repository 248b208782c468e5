import { OPERATOR_ROLE_NAMES, OPERATOR_ROLE_SUMMARIES, type OperatorRole } from '@episodic/contract/constants';
import type { MailMessage } from '../../mail/mailer';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The invitation to the console: who invited, which role, the single-use link and when it stops working. */
export function invitationEmail(
  to: string,
  link: string,
  role: OperatorRole,
  invitedBy: string | null,
  hours: number,
): MailMessage {
  const who = invitedBy ?? 'An owner';
  const intro = `${who} invited you to the Episodic operator console as ${OPERATOR_ROLE_NAMES[role]} (${OPERATOR_ROLE_SUMMARIES[role].replace(/\.$/, '').toLowerCase()}).`;
  const how =
    'Open this link to set your password, or to join with the Episodic account you already have at this address:';
  const expiry = `The link works once and expires in ${hours} hours.`;
  const ignore = 'If you did not expect this, ignore this email: nothing happens until the link is used.';
  const text = ['Hello,', '', intro, '', how, link, '', expiry, ignore, '', '— Episodic'].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>Hello,</p><p>${escape(intro)}</p><p>${escape(how)}</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#ea580c;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">Join the console</a></p>
<p style="font-size:13px;color:#555">${escape(expiry)}<br>${escape(ignore)}</p>
<p style="font-size:13px;color:#555">${escape(link)}</p><p>— Episodic</p></body></html>`;
  return { to, subject: 'You are invited to the Episodic console', text, html };
}
