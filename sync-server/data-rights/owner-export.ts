import { maskPayload, maskPersonalNumber } from '../../schema/ops/mask-payload.ts';
import { emailKeyOf } from '../accounts/users.ts';
import { consentHistoryOf } from '../consent/index.ts';
import type { ServerFeature } from '../features/feature.ts';
import type { Sql } from '../store/database.ts';

/** One part of a shopper's data export: written to the answer as soon as it is read. */
export interface ExportSection {
  name: string;
  data: unknown;
}

interface ProfileRow {
  email: string;
  firstname: string;
  lastname: string;
  egn: string | null;
  phone: string | null;
  group_id: number;
  newsletter: boolean;
  shipping: unknown;
  invoice: unknown;
  created_at: Date;
  updated_at: Date;
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/**
 * A user's data, as the access and portability rights ask (issue 32): the profile, every feature's part (its read
 * models' documents, and what it keeps in its own tables through `exportOwnerData`), the commands the shopper sent,
 * the devices the store has seen, the e-mails sent to them, the newsletter and every consent given or withdrawn.
 * Section by section, so the route streams a large one. The ЕГН appears masked (the store keeps it only for a credit
 * decision), a card only as its provider masked it; no password hash, token or secret is ever part of it.
 */
export async function* ownerExportSections(
  sql: Sql,
  user: { userId: number; owner: string },
  features: readonly ServerFeature[],
): AsyncGenerator<ExportSection> {
  const [profile] = await sql.query<ProfileRow>(
    `SELECT email, firstname, lastname, egn, phone, group_id, newsletter, shipping, invoice, created_at, updated_at
     FROM users WHERE id = $1`,
    [user.userId],
  );
  if (!profile) return;
  const emailKey = emailKeyOf(profile.email);
  yield {
    name: 'profile',
    data: {
      email: profile.email,
      firstname: profile.firstname,
      lastname: profile.lastname,
      phone: profile.phone,
      egn: profile.egn ? maskPersonalNumber(profile.egn) : null,
      customerGroup: profile.group_id,
      shipping: profile.shipping,
      invoice: profile.invoice,
      createdAt: iso(profile.created_at),
      updatedAt: iso(profile.updated_at),
    },
  };

  for (const feature of features) {
    const readModels: Record<string, unknown> = {};
    for (const model of feature.readModels) {
      const [row] = await sql.query<{ doc: unknown }>(`SELECT doc FROM ${model.table} WHERE owner = $1`, [user.owner]);
      if (row) readModels[model.collection] = row.doc;
    }
    const own = feature.exportOwnerData ? await feature.exportOwnerData(sql, user.owner) : {};
    if (feature.readModels.length === 0 && !feature.exportOwnerData) continue;
    yield { name: `features.${feature.name}`, data: { ...readModels, ...own } };
  }

  const commands = await sql.query<{
    id: string;
    type: string;
    status: string;
    payload: Record<string, unknown>;
    result_code: string | null;
    created_at: string;
  }>(
    `SELECT id::text AS id, type, status, payload, result_code, created_at::text AS created_at
     FROM commands WHERE owner = $1 ORDER BY received_at, id`,
    [user.owner],
  );
  yield {
    name: 'commands',
    data: commands.map((c) => ({
      id: c.id,
      type: c.type,
      status: c.status,
      resultCode: c.result_code,
      createdAt: new Date(Number(c.created_at)).toISOString(),
      payload: maskPayload(c.payload),
    })),
  };

  const devices = await sql.query<{
    client_id: string;
    device_id: string | null;
    app_version: string | null;
    first_seen_at: Date;
    last_seen_at: Date;
  }>(
    `SELECT client_id, device_id, app_version, first_seen_at,
       greatest(last_push_at, last_pull_at, last_stream_at, first_seen_at) AS last_seen_at
     FROM ops_devices WHERE owner = $1 ORDER BY first_seen_at`,
    [user.owner],
  );
  yield {
    name: 'devices',
    data: devices.map((d) => ({
      clientId: d.client_id,
      deviceId: d.device_id,
      appVersion: d.app_version,
      firstSeenAt: iso(d.first_seen_at),
      lastSeenAt: iso(d.last_seen_at),
    })),
  };

  // Mails that carried a secret (a reset link) keep only its placeholder; mails past their retention, no text.
  const mails = await sql.query<{
    kind: string;
    subject: string;
    body: string;
    created_at: Date;
    sent_at: Date | null;
    body_erased_at: Date | null;
  }>(
    `SELECT kind, subject, body, created_at, sent_at, body_erased_at FROM mail_outbox
     WHERE lower(to_address) = $1 ORDER BY id`,
    [emailKey],
  );
  yield {
    name: 'emails',
    data: mails.map((m) => ({
      kind: m.kind,
      subject: m.subject,
      text: m.body_erased_at ? null : m.body,
      writtenAt: iso(m.created_at),
      sentAt: iso(m.sent_at),
    })),
  };

  const [newsletter] = await sql.query<{
    status: string;
    language: string;
    created_at: Date;
    confirmed_at: Date | null;
  }>('SELECT status, language, created_at, confirmed_at FROM newsletter_subscriptions WHERE email_key = $1', [
    emailKey,
  ]);
  yield {
    name: 'newsletter',
    data: newsletter
      ? {
          status: newsletter.status,
          language: newsletter.language,
          askedAt: iso(newsletter.created_at),
          confirmedAt: iso(newsletter.confirmed_at),
        }
      : null,
  };
  const consents = await consentHistoryOf(sql, [user.owner, emailKey]);
  yield {
    name: 'consents',
    data: consents.map((c) => ({ channel: c.channel, event: c.event, via: c.via, at: iso(c.at) })),
  };
}
