import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Download, KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import { cardTable } from '~/components/ui/card-table';
import * as Table from '~/components/ui/table';
import { saveBlob } from '~/lib/download';
import { toCsv } from '../../../../worker/lib/csv';

const styles = {
  bar: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    p: '4',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'card',
    bg: 'surface.subtle',
  }),
  summary: css({ fontSize: 'sm', color: 'fg.muted', display: 'flex', alignItems: 'center', gap: '1.5' }),
  table: css({ maxH: '72' }),
  secret: css({ fontFamily: 'mono', fontWeight: 'semibold', letterSpacing: 'wide', whiteSpace: 'nowrap' }),
  note: css({ color: 'fg.muted' }),
  email: css({ overflowWrap: 'anywhere' }),
  // As cards, the caption would sit squeezed in a corner: it goes below them, as on wide screens.
  cards: css({ mdDown: { display: 'flex', flexDirection: 'column' } }),
  caption: css({ mdDown: { display: 'block', order: '1', textAlign: 'center' } }),
};

/** What every shown sign-in has; the callers add their own columns. */
export interface Credential {
  name: string;
  email: string;
  temporaryPassword: string;
}

export interface CredentialColumn<T> {
  header: string;
  value: (credential: T) => string | number;
}

/** The credentials as a CSV the school can print or mail merge: one row per account. */
export function credentialsCsv<T>(credentials: T[], columns: CredentialColumn<T>[]) {
  const header = columns.map((c) => c.header);
  const rows = credentials.map((credential) => columns.map((c) => c.value(credential)));
  return toCsv(header, rows);
}

export interface CredentialsListProps<T extends Credential> {
  credentials: T[];
  /** One line above the table, e.g. '3 new accounts, each with its own temporary password'. */
  summary: ReactNode;
  caption: string;
  /** The downloaded file's name. */
  fileName: string;
  /** Columns shown before Name, Email and Temporary password. */
  lead?: CredentialColumn<T>[];
  /** Shown after the name, e.g. 'parent of Asha Rao'. */
  note?: (credential: T) => string | undefined;
  /** Every column of the CSV, in order. */
  csv: CredentialColumn<T>[];
}

/**
 * New sign-ins shown once: the download of all of them as a CSV, and a table with each temporary password.
 * The passwords live only in this answer, so the page is the one chance to hand them out.
 */
export function CredentialsList<T extends Credential>({
  credentials,
  summary,
  caption,
  fileName,
  lead = [],
  note,
  csv,
}: CredentialsListProps<T>) {
  const download = () =>
    saveBlob(new Blob([credentialsCsv(credentials, csv)], { type: 'text/csv;charset=utf-8' }), fileName);
  return (
    <>
      <div className={styles.bar}>
        <p className={styles.summary}>
          <KeyRound size={16} aria-hidden="true" />
          {summary}
        </p>
        <Button variant="outline" size="sm" onClick={download}>
          <Download size={16} aria-hidden="true" />
          <Trans>Download credentials (CSV)</Trans>
        </Button>
      </div>
      <Table.Scroller className={styles.table}>
        {/* On phones each row becomes a small card, so the password never hides off to the side. */}
        <Table.Root className={cx(cardTable.root, styles.cards)}>
          <Table.Caption className={styles.caption}>{caption}</Table.Caption>
          <Table.Head>
            <Table.Row>
              {lead.map((column) => (
                <Table.Header key={column.header} scope="col">
                  {column.header}
                </Table.Header>
              ))}
              <Table.Header scope="col">
                <Trans>Name</Trans>
              </Table.Header>
              <Table.Header scope="col">
                <Trans>Email</Trans>
              </Table.Header>
              <Table.Header scope="col">
                <Trans>Temporary password</Trans>
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {credentials.map((c) => {
              const extra = note?.(c);
              return (
                <Table.Row key={c.email}>
                  {lead.map((column) => (
                    <Table.Cell key={column.header} data-label={column.header}>
                      {column.value(c)}
                    </Table.Cell>
                  ))}
                  <Table.Cell data-label={t`Name`}>
                    <span>
                      {c.name}
                      {extra ? <span className={styles.note}> ({extra})</span> : null}
                    </span>
                  </Table.Cell>
                  <Table.Cell data-label={t`Email`} className={styles.email}>
                    {c.email}
                  </Table.Cell>
                  <Table.Cell data-label={t`Temporary password`}>
                    <span className={styles.secret} data-testid="temporary-password">
                      {c.temporaryPassword}
                    </span>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.Scroller>
    </>
  );
}
