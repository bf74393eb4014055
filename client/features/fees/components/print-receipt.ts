import { t } from '@lingui/core/macro';
import { currentLanguage } from '~/lib/i18n';
import { RIGHT_TO_LEFT } from '~/lib/languages';
import type { Receipt, SchoolBasics } from '../api';
import { classLabel, formatDate, formatMoney, isolate, methodName, payersLabel } from '../format';

const PRINT_CSS = `
  body { font: 14px/1.5 'Inter Variable', Inter, system-ui, sans-serif; color: #18181b; margin: 32px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  p { margin: 0; }
  .muted { color: #52525b; }
  .meta { display: flex; justify-content: space-between; margin: 24px 0; gap: 24px; }
  table { width: 100%; border-collapse: collapse; margin-top: 8px; font-variant-numeric: tabular-nums; }
  th, td { text-align: start; padding: 8px 0; border-bottom: 1px solid #e4e4e7; }
  th:last-child, td:last-child { text-align: end; }
  tfoot td { font-weight: 600; border-bottom: 0; }
  th:nth-child(3), td:nth-child(3) { text-align: end; }
  .remarks { margin-top: 16px; }
`;

/** Prints one receipt on its own page, from a frame that holds nothing else. */
export function printReceipt(receipt: Receipt, school: SchoolBasics | undefined, currency: string) {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, {
    position: 'fixed',
    insetInlineEnd: '0',
    bottom: '0',
    width: '0',
    height: '0',
    border: '0',
  });
  document.body.append(frame);
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  if (!doc || !win) {
    frame.remove();
    return;
  }
  doc.documentElement.lang = currentLanguage();
  doc.documentElement.dir = RIGHT_TO_LEFT.has(currentLanguage()) ? 'rtl' : 'ltr';
  doc.title = t`Receipt ${receipt.receiptNumber}`;
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) => {
    const node = doc.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  };
  const style = el('style', PRINT_CSS);
  doc.head.append(style);

  const header = el('header');
  header.append(el('h1', school?.name ?? ''));
  for (const line of [school?.address, school?.phone ? t`Phone ${school.phone}` : null]) {
    if (line) header.append(el('p', line, 'muted'));
  }
  header.append(el('p', t`Fee receipt ${receipt.receiptNumber}`));
  const meta = el('div', undefined, 'meta');
  const who = el('div');
  const payers = payersLabel(receipt);
  who.append(
    el('p', t`Received from ${payers}`),
    el('p', receipt.studentId.name),
    el(
      'p',
      [receipt.studentId.admissionNumber, classLabel(receipt.studentId.classId)].filter(Boolean).join(' · '),
      'muted',
    ),
  );
  const when = el('div');
  const issued = formatDate(receipt.issuedOn);
  const year = isolate(receipt.academicYear);
  when.append(
    el('p', t`Issued ${issued} · Academic year ${year}`),
    el(
      'p',
      [receipt.method ? methodName(receipt.method) : null, receipt.reference].filter(Boolean).join(' · '),
      'muted',
    ),
  );
  meta.append(who, when);

  const table = el('table');
  const head = el('thead');
  const headRow = el('tr');
  headRow.append(el('th', t`Fee`), el('th', t`Due date`), el('th', t`Paid`), el('th', t`Still owed`));
  head.append(headRow);
  const body = el('tbody');
  for (const item of receipt.items) {
    const row = el('tr');
    row.append(
      el('td', item.label),
      el('td', formatDate(item.dueDate)),
      el('td', formatMoney(item.amount, currency)),
      el('td', formatMoney(item.balanceAfter, currency)),
    );
    body.append(row);
  }
  const foot = el('tfoot');
  const footRow = el('tr');
  footRow.append(
    el('td', t`Total`),
    el('td', ''),
    el('td', formatMoney(receipt.amount, currency)),
    el('td', formatMoney(receipt.balanceAfter, currency)),
  );
  foot.append(footRow);
  table.append(head, body, foot);
  doc.body.append(header, meta, table);
  if (receipt.remarks) doc.body.append(el('p', t`Remarks: ${receipt.remarks}`, 'remarks'));

  const cleanUp = () => setTimeout(() => frame.remove(), 500);
  win.addEventListener('afterprint', cleanUp, { once: true });
  win.focus();
  win.print();
  // Some browsers never send afterprint from a frame.
  setTimeout(() => frame.isConnected && frame.remove(), 60_000);
}
