/**
 * The local SMTP listener: supabase-local's Inbucket/Mailpit. It takes mail from anyone on this
 * machine (any AUTH PLAIN/LOGIN credentials, or none; no STARTTLS, as Inbucket), parses each
 * message with mailparser and keeps it in the mailbox (mailbox.ts), one row per envelope recipient.
 * Loopback only, development only (server.ts starts it only with the development surfaces on), and
 * messages are limited in size: SIZE is advertised in EHLO, and a larger message is refused with
 * 552 whether or not the client declared its size.
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { SMTPServer as SmtpServerType, SMTPServerOptions } from 'smtp-server';
import type { Db } from '../db/types.ts';
import { isLoopbackHost } from '../migrations/reset.ts';
import { storeMail, trackWrite } from './mailbox.ts';
import { metaFromHeaders } from './transport.ts';

// smtp-server is CommonJS; its class through require keeps the types of @types/smtp-server.
const { SMTPServer } = createRequire(import.meta.url)('smtp-server') as {
  SMTPServer: new (options: SMTPServerOptions) => SmtpServerType;
};

/** Mailpit's default limit is none; Inbucket's 10 MB. Hosted providers take 10–40 MB. */
export const SMTP_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface SmtpListenerOptions {
  /** 0 = any free port */
  port: number;
  /** must be a loopback address (default 127.0.0.1) */
  host?: string;
  maxMessageBytes?: number;
  log?: (message: string) => void;
  now?: () => Date;
}

export interface SmtpListener {
  host: string;
  port: number;
  stop(): Promise<void>;
}

export async function startSmtpListener(db: Db, options: SmtpListenerOptions): Promise<SmtpListener> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) throw new Error(`The local SMTP listener listens on loopback only, not ${host}`);
  const maxBytes = options.maxMessageBytes ?? SMTP_MAX_MESSAGE_BYTES;
  const log = options.log ?? ((m: string) => console.error(`[smtp] ${m}`));
  const now = options.now ?? (() => new Date());

  const server = new SMTPServer({
    name: 'supabase-local',
    banner: 'supabase-local mailbox (development only)',
    logger: false,
    secure: false,
    hideSTARTTLS: true,
    // loopback clients only: a reverse DNS lookup per connection would only cost time
    disableReverseLookup: true,
    authOptional: true,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    size: maxBytes,
    // stop() waits at most this long for clients still connected
    closeTimeout: 1000,
    // any credentials, as Inbucket/Mailpit accept them
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxBytes) chunks.push(chunk);
      });
      stream.on('error', (e: Error) => callback(e));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded || size > maxBytes) {
          const err = new Error(`Message exceeds the fixed maximum message size of ${maxBytes} bytes`);
          (err as Error & { responseCode: number }).responseCode = 552;
          return callback(err);
        }
        const raw = Buffer.concat(chunks);
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        // loaded with the first message, not at start-up (mailparser and its dependencies: ~0.1 s)
        import('mailparser')
          .then(({ simpleParser }) => simpleParser(raw, { skipImageLinks: true }))
          .then(
            (parsed) => {
              const meta = metaFromHeaders((name) => {
                const v = parsed.headers.get(name);
                return typeof v === 'string' ? v : undefined;
              });
              const from = parsed.from?.text || envelopeFrom || null;
              const at = now();
              // answered before the insert (see trackWrite); readers of the mailbox wait for it
              trackWrite(
                db,
                (async () => {
                  for (const recipient of recipients) {
                    await storeMail(
                      db,
                      {
                        ...meta,
                        recipient,
                        sender: from,
                        subject: parsed.subject ?? '',
                        html: typeof parsed.html === 'string' ? parsed.html : '',
                        text: parsed.text ?? '',
                        messageId: parsed.messageId ?? null,
                        date: parsed.date ?? null,
                        size: raw.length,
                        headerLines: parsed.headerLines.map((h) => h.line),
                      },
                      at,
                    );
                  }
                })().catch((e: Error) =>
                  log(`could not keep a message for ${recipients.join(', ')}: ${e.message}`),
                ),
              );
              callback(null, `Queued as ${parsed.messageId ?? 'message'}`);
            },
            (e: Error) => callback(e),
          );
      });
    },
  });
  server.on('error', (e) => log(e.message));

  const address = await new Promise<AddressInfo>((resolve, reject) => {
    const onError = (e: Error) => reject(e);
    server.server.once('error', onError);
    server.listen(options.port, host, () => {
      server.server.off('error', onError);
      resolve(server.server.address() as AddressInfo);
    });
  });

  let stopping: Promise<void> | undefined;
  return {
    host,
    port: address.port,
    stop: () =>
      (stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
      })),
  };
}
