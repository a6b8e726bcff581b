/** An answer read field by field in the tests' assertions; typing each shape would add nothing. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonAnswer = { status: number; body: any };

/** POSTs JSON to the test server, with a bearer token when given, and reads the JSON answer. */
export const postJson = async (baseUrl: string, path: string, body: unknown, token?: string): Promise<JsonAnswer> => {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
};
