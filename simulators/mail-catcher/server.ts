import { createServer, type Server } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { escapeHtml, sendHtml, sendJson, sendText } from '../shared/http.ts';
import type { Inbox } from './inbox.ts';

/** Largest message accepted over SMTP (the store's mails are a few KB; a list mailed by a shopper some more). */
const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

/**
 * The SMTP side: a real SMTP server (the `smtp-server` package), no TLS and no login (it listens on loopback),
 * keeping every message parsed by `mailparser`.
 */
export const createSmtp = (inbox: Inbox): SMTPServer =>
  new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: MAX_MESSAGE_BYTES,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
            callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
            return;
          }
          inbox.add(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="bg"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>${escapeHtml(title)}</title></head><body><p><strong>ТЕСТОВА ПОЩА</strong>: писмата на магазина, ` +
  `уловени тук, не стигат до никого.</p>${body}</body></html>`;

/**
 * The HTTP side, for people and tests: `GET /` the inbox, `GET /messages/:id` one message as text,
 * `GET /api/messages?to=&subject=` the messages as JSON, `DELETE /api/messages` empties the inbox.
 */
export const createHttp = (inbox: Inbox): Server =>
  createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://catcher');
    if (url.pathname === '/api/messages') {
      if (req.method === 'DELETE') {
        inbox.clear();
        res.writeHead(204).end();
        return;
      }
      const to = url.searchParams.get('to') ?? undefined;
      const subject = url.searchParams.get('subject') ?? undefined;
      sendJson(res, 200, inbox.find({ to, subject }));
      return;
    }
    const one = /^\/messages\/(\d+)$/.exec(url.pathname);
    if (one) {
      const mail = inbox.byId(Number(one[1]));
      if (!mail) return sendText(res, 404, 'text/plain', 'No such message');
      // The text part only: a message's HTML is the store's output, shown here without running any of it.
      const body =
        `<h1>${escapeHtml(mail.subject)}</h1><p>${escapeHtml(mail.from)} → ${escapeHtml(mail.to.join(', '))}</p>` +
        `<pre>${escapeHtml(mail.text)}</pre><p><a href="/">Обратно</a></p>`;
      return sendHtml(res, 200, page(mail.subject, body));
    }
    if (url.pathname === '/') {
      const rows = inbox
        .find({})
        .reverse()
        .map(
          (m) =>
            `<li><a href="/messages/${m.id}">${escapeHtml(m.subject || '(без тема)')}</a> ` +
            `${escapeHtml(m.to.join(', '))} ${escapeHtml(m.receivedAt)}</li>`,
        )
        .join('');
      return sendHtml(res, 200, page('Тестова поща', `<h1>Тестова поща</h1><ol>${rows}</ol>`));
    }
    sendText(res, 404, 'text/plain', 'Not found');
  });
