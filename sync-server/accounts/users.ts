import { v7 as uuidv7 } from 'uuid';
import type { Customer, InvoiceDataBody, UpdateUserBody, User } from '../../schema/index.ts';
import type { Sql } from '../store/database.ts';
import type { AccountRole } from '../../schema/ops/roles.ts';

/** A user row as the account calls need it. */
export interface UserRow {
  id: number;
  owner: string;
  email: string;
  password_hash: string;
  firstname: string;
  lastname: string;
  egn: string | null;
  group_id: number;
  role: AccountRole;
  invoice: InvoiceDataBody | null;
}

const COLUMNS = 'id, owner, email, password_hash, firstname, lastname, egn, group_id, role, invoice';

/** E-mail addresses compare without case: 'Ivan@Example.bg' and 'ivan@example.bg' are one account. */
export const emailKeyOf = (email: string): string => email.trim().toLowerCase();

/** The current user as the spec's calls answer it (never the hash, never the numeric id). */
export const userOf = (row: UserRow): User => ({
  id: row.owner,
  email: row.email,
  firstname: row.firstname,
  lastname: row.lastname,
  ...(row.egn ? { egn: row.egn } : {}),
  group_id: row.group_id,
});

/** Inserts a user; null when the e-mail is taken (the unique key decides, so two racing sign-ups get one). */
export const insertUser = async (tx: Sql, customer: Customer, passwordHash: string): Promise<UserRow | null> => {
  const [row] = await tx.query<UserRow>(
    `INSERT INTO users (owner, email, email_key, password_hash, firstname, lastname, egn)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (email_key) DO NOTHING RETURNING ${COLUMNS}`,
    [
      `user-${uuidv7()}`,
      customer.email,
      emailKeyOf(customer.email),
      passwordHash,
      customer.firstname,
      customer.lastname,
      customer.egn ?? null,
    ],
  );
  return row ?? null;
};

export const userByEmail = async (tx: Sql, email: string): Promise<UserRow | null> =>
  (await tx.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email_key = $1`, [emailKeyOf(email)]))[0] ?? null;

export const userById = async (tx: Sql, id: number): Promise<UserRow | null> =>
  (await tx.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]))[0] ?? null;

/** Null when the new e-mail belongs to another account. */
export const updateUser = async (tx: Sql, id: number, data: UpdateUserBody): Promise<UserRow | null> => {
  const [row] = await tx.query<UserRow>(
    `UPDATE users SET email = $2, email_key = $3, firstname = $4, lastname = $5, egn = $6, updated_at = now()
     WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users o WHERE o.email_key = $3 AND o.id <> $1)
     RETURNING ${COLUMNS}`,
    [id, data.email, emailKeyOf(data.email), data.firstname, data.lastname, data.egn ?? null],
  );
  return row ?? null;
};

export const setPasswordHash = async (tx: Sql, id: number, passwordHash: string): Promise<void> => {
  await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
};

export const setInvoiceData = async (tx: Sql, id: number, invoice: InvoiceDataBody): Promise<void> => {
  await tx.query('UPDATE users SET invoice = $2, updated_at = now() WHERE id = $1', [id, JSON.stringify(invoice)]);
};

export const setNotificationToken = async (tx: Sql, id: number, token: string): Promise<void> => {
  await tx.query('UPDATE users SET notification_token = $2, updated_at = now() WHERE id = $1', [id, token]);
};

export const userByOwner = async (tx: Sql, owner: string): Promise<UserRow | null> =>
  (await tx.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE owner = $1`, [owner]))[0] ?? null;

/** Moves a user to a customer group (its tier prices); null when there is no such user. */
export const setUserGroup = async (tx: Sql, owner: string, groupId: number): Promise<UserRow | null> => {
  const [row] = await tx.query<UserRow>(
    `UPDATE users SET group_id = $2, updated_at = now() WHERE owner = $1 RETURNING ${COLUMNS}`,
    [owner, groupId],
  );
  return row ?? null;
};
