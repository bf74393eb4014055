/** One e-mail, plain and HTML, to one person. */
export interface OutgoingMail {
  to: { email: string; name?: string };
  /** The name the mail comes from (the school's); the address is `MAIL_FROM`'s. */
  fromName?: string;
  subject: string;
  text: string;
  html: string;
  /** e.g. `Content-Language`, `List-Unsubscribe`. */
  headers?: Record<string, string>;
}

/** One connection to the SMTP server; `send` throws when the server refuses the mail. */
export interface MailSession {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** Carries e-mail to an SMTP server; `open` throws when the server cannot be reached. */
export interface MailTransport {
  open(): Promise<MailSession>;
}

/** Sends one mail on a connection of its own. */
export async function sendOne(transport: MailTransport, mail: OutgoingMail) {
  const session = await transport.open();
  try {
    await session.send(mail);
  } finally {
    await session.close();
  }
}

/** What the app knows of e-mail: whether it is set up, how to send one now, and how to wake a school's sender. */
export interface Mailer {
  /** SMTP is configured (`SMTP_HOST` and `MAIL_FROM`); without it nothing is sent and the portal says so. */
  configured: boolean;
  transport: MailTransport | null;
  /** The school's outbox has rows due: its sender runs outside the request. */
  wake(schoolId: string): Promise<void>;
}

/** No e-mail: the portal works, the outbox keeps its rows queued, and the System Status card says so. */
export const noMail: Mailer = {
  configured: false,
  transport: null,
  wake: async () => {},
};
