/**
 * Answers the server put into the page it served (sync-server/http/boot-data.ts): for the address being opened,
 * the API answers its first view would ask for at once (home's init, a category's lists, a product lookup). A
 * cold visit then paints from them without a round trip after the JavaScript has run.
 *
 * Each answer is taken once: a later view of the same data asks the network, as it would without them. A page
 * from the service worker's cache carries none, and every caller falls back to the network.
 */
let answers: Map<string, unknown> | undefined;

const readAnswers = (): Map<string, unknown> => {
  if (answers) return answers;
  answers = new Map();
  if (typeof document === 'undefined') return answers;
  const text = document.getElementById('boot-data')?.textContent;
  if (!text) return answers;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object')
      for (const [path, body] of Object.entries(parsed)) answers.set(path, body);
  } catch {
    // Unreadable: the views ask the network.
  }
  return answers;
};

/** The JSON body the server embedded for this API path (exactly as requested), once; undefined otherwise. */
export const takeBootAnswer = (path: string): unknown => {
  const held = readAnswers();
  const body = held.get(path);
  held.delete(path);
  return body;
};

/** The JSON body the server embedded for this API path, left for the caller that takes it. */
export const peekBootAnswer = (path: string): unknown => readAnswers().get(path);
