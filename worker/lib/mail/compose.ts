import { ar } from '../../locales/ar';
import { hi } from '../../locales/hi';
import type { Language } from '../languages';
import type { OutgoingMail } from './index';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The English template in the language, then its `{name}` values filled (a value is never translated). */
function say(language: Language, template: string, values: Record<string, string> = {}) {
  const catalogue: Record<string, string> | null = language === 'en' ? null : { hi, ar }[language];
  const text = catalogue && Object.hasOwn(catalogue, template) ? catalogue[template] : template;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

interface Frame {
  language: Language;
  school: string;
  to: { email: string; name?: string };
}

/** The HTML around a mail's paragraphs: the school's name on top, the footer below, right to left in Arabic. */
function page(frame: Frame, title: string, inner: string, footer: string, footerHtml = '') {
  const dir = frame.language === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${frame.language}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="margin:0;padding:24px;background:#f6f7f9;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f2937"><div style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:24px"><p style="margin:0 0 16px;font-size:13px;color:#6b7280">${escapeHtml(frame.school)}</p><h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>${inner}<p style="margin:24px 0 0;font-size:12px;color:#6b7280">${escapeHtml(footer)}${footerHtml}</p></div></body></html>`;
}

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px;line-height:1.6">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

const button = (href: string, label: string) =>
  `<p style="margin:20px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#2563eb;color:#fff;text-decoration:none;padding:10px 16px;border-radius:6px">${escapeHtml(label)}</a></p>`;

/** An e-mail's unsubscribe links: the portal's page, and the one-click address mail clients post to (RFC 8058). */
export interface UnsubscribeLinks {
  page: string;
  oneClick: string;
}

/**
 * A message of the school (an announcement or an alert) as an e-mail; `inboxUrl` links to the portal when known,
 * and `unsubscribe` adds the footer's link and the `List-Unsubscribe` headers.
 */
export function messageMail(
  frame: Frame & {
    subject: string;
    body: string;
    author?: string | null;
    inboxUrl?: string;
    unsubscribe?: UnsubscribeLinks;
  },
): OutgoingMail {
  const { language, school } = frame;
  const from = frame.author ? say(language, 'From {name}', { name: frame.author }) : '';
  const read = frame.inboxUrl ? say(language, 'Read it in the portal: {link}', { link: frame.inboxUrl }) : '';
  const footer = say(language, 'You receive this e-mail because you have an account at {school}.', { school });
  const stop = frame.unsubscribe
    ? say(language, 'To stop e-mails like this one: {link}', { link: frame.unsubscribe.page })
    : '';
  const text = [school, '', frame.subject, from, '', frame.body, '', read, '', footer, stop]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n');
  const inner = `${from ? `<p style="margin:0 0 12px;color:#6b7280">${escapeHtml(from)}</p>` : ''}${paragraphs(frame.body)}${
    frame.inboxUrl ? button(frame.inboxUrl, say(language, 'Open the inbox')) : ''
  }`;
  const unsubscribe = frame.unsubscribe
    ? ` <a href="${escapeHtml(frame.unsubscribe.page)}" style="color:#6b7280">${escapeHtml(say(language, 'Unsubscribe'))}</a>`
    : '';
  return {
    to: frame.to,
    fromName: school,
    subject: `${frame.subject} · ${school}`,
    text,
    html: page(frame, frame.subject, inner, footer, unsubscribe),
    headers: {
      'Content-Language': language,
      ...(frame.unsubscribe
        ? {
            'List-Unsubscribe': `<${frame.unsubscribe.oneClick}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }
        : {}),
    },
  };
}

export const RESET_MINUTES = 30;

/** The reset link's e-mail; the link itself is written only here, never logged. */
export function resetMail(frame: Frame & { link: string }): OutgoingMail {
  const { language, school } = frame;
  const title = say(language, 'Reset your password');
  const ask = say(
    language,
    'Someone asked to reset the password of your {school} account. To choose a new password, open this link within {minutes} minutes:',
    { school, minutes: String(RESET_MINUTES) },
  );
  const once = say(
    language,
    'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  );
  const footer = say(language, 'You receive this e-mail because you have an account at {school}.', { school });
  return {
    to: frame.to,
    fromName: school,
    subject: `${title} · ${school}`,
    text: [school, '', title, '', ask, frame.link, '', once, '', footer].join('\n'),
    html: page(
      frame,
      title,
      `${paragraphs(ask)}${button(frame.link, say(language, 'Choose a new password'))}<p style="margin:0 0 12px;font-size:13px;word-break:break-all;color:#6b7280">${escapeHtml(frame.link)}</p>${paragraphs(once)}`,
      footer,
    ),
    headers: { 'Content-Language': language },
  };
}
