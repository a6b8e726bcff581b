import { expect } from 'vitest';
import { postJson } from './post-json.ts';

/** The password every test user gets. */
export const TEST_PASSWORD = 'correct horse battery';

let registered = 0;

/** A user registered through the API and logged in: its owner id, e-mail and token. `label` names its e-mail. */
export const registerLoggedInUser = async (
  baseUrl: string,
  label: string,
): Promise<{ owner: string; email: string; token: string }> => {
  const email = `${label}${++registered}-${Date.now()}@example.bg`;
  const created = await postJson(baseUrl, '/api/user/create', {
    customer: { email, firstname: 'Петя', lastname: 'Иванова' },
    password: TEST_PASSWORD,
  });
  expect(created.status).toBe(200);
  const login = await postJson(baseUrl, '/api/user/login', { username: email, password: TEST_PASSWORD });
  expect(login.status).toBe(200);
  return { owner: created.body.result.id as string, email, token: login.body.result as string };
};
