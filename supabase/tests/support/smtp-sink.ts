/**
 * A real SMTP server for the notify-dispatch tests (smtp-server), keeping what arrives parsed by
 * mailparser. It can refuse recipients with a 550 (`mode = 'reject'`), be stopped (nothing listens: the
 * port is closed) and started again on the same port, as a provider that is down and comes back.
 */
import { createRequire } from 'node:module';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { SMTPServer as SmtpServerType, SMTPServerOptions } from 'smtp-server';

// smtp-server is CommonJS; its class through require keeps the types of @types/smtp-server.
const { SMTPServer } = createRequire(import.meta.url)('smtp-server') as {
  SMTPServer: new (options: SMTPServerOptions) => SmtpServerType;
};

export interface ReceivedMail {
  envelopeTo: string[];
  /** the connection was TLS */
  secure: boolean;
  queueId: string;
  parsed: ParsedMail;
  messageId: string;
  subject: string;
  html: string;
  text: string;
}

export interface SmtpSink {
  port: number;
  user: string;
  pass: string;
  received: ReceivedMail[];
  /** accept, or answer RCPT TO with 550 */
  mode: 'accept' | 'reject';
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** `tls`: implicit TLS (SMTPS, as on port 465) with this key and certificate (PEM). */
export function smtpSink(
  port: number,
  tls?: { key: string; cert: string },
  user = 'furnicraft',
  pass = 'smtp-test-pass',
): SmtpSink {
  let server: SmtpServerType | null = null;
  let serial = 0;
  const sink: SmtpSink = {
    port,
    user,
    pass,
    received: [],
    mode: 'accept',
    async start() {
      server = new SMTPServer({
        ...(tls ? { secure: true, key: tls.key, cert: tls.cert } : {}),
        hideSTARTTLS: true,
        authMethods: ['PLAIN', 'LOGIN'],
        allowInsecureAuth: true,
        logger: false,
        onAuth(auth, _session, cb) {
          if (auth.username === user && auth.password === pass) cb(null, { user: auth.username });
          else cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
        },
        onRcptTo(address, _session, cb) {
          if (sink.mode === 'reject') {
            cb(Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 }));
          } else cb();
        },
        onData(stream, session, cb) {
          simpleParser(stream)
            .then((parsed) => {
              const queueId = `SINK${++serial}x${Date.now()}`;
              sink.received.push({
                envelopeTo: (session.envelope.rcptTo ?? []).map((r) => r.address),
                secure: session.secure,
                queueId,
                parsed,
                messageId: parsed.messageId ?? '',
                subject: parsed.subject ?? '',
                html: typeof parsed.html === 'string' ? parsed.html : '',
                text: parsed.text ?? '',
              });
              cb(null, `Ok: queued as ${queueId}`);
            })
            .catch((e: Error) => cb(e));
        },
      });
      // a client that refuses our certificate is its problem, not the sink's
      server.on('error', () => {});
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, '127.0.0.1', () => resolve());
      });
    },
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  return sink;
}
