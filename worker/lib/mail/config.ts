/** SMTP settings from the Worker's environment (secrets and vars); null when e-mail is not configured. */
export interface MailConfig {
  host: string;
  port: number;
  /** Implicit TLS (port 465); other ports upgrade with STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
}

export interface MailEnv {
  SMTP_HOST?: string;
  SMTP_PORT?: string;
  SMTP_USER?: string;
  SMTP_PASSWORD?: string;
  MAIL_FROM?: string;
}

export function mailConfigFrom(env: MailEnv): MailConfig | null {
  const host = env.SMTP_HOST?.trim();
  const from = env.MAIL_FROM?.trim();
  if (!host || !from) return null;
  const port = Number(env.SMTP_PORT || 587);
  return {
    host,
    port: Number.isInteger(port) && port > 0 ? port : 587,
    secure: port === 465,
    user: env.SMTP_USER || undefined,
    password: env.SMTP_PASSWORD || undefined,
    from,
  };
}
