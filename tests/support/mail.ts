import type { Mailer, MailTransport, OutgoingMail } from '../../worker/lib/mail/index';

/**
 * E-mail for the Node suite: a transport that keeps every mail it is given (or refuses them while `down` is set),
 * and a mailer that records which schools' senders were woken.
 */
export function recordingMail() {
  const state = { sent: [] as OutgoingMail[], woken: [] as string[], down: false, connections: 0 };
  const transport: MailTransport = {
    async open() {
      if (state.down) throw new Error('connection refused');
      state.connections += 1;
      return {
        async send(mail) {
          if (state.down) throw new Error('451 try again later');
          state.sent.push(mail);
        },
        async close() {},
      };
    },
  };
  const mailer: Mailer = {
    configured: true,
    transport,
    async wake(schoolId) {
      state.woken.push(schoolId);
    },
  };
  return Object.assign(state, { transport, mailer });
}
