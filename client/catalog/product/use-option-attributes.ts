import { startTransition, useEffect, useState } from 'react';
import { attributeSchema, type Attribute } from '../../../schema/catalog/attribute.ts';
import { listOf } from '../../../schema/validation/list-of.ts';
import { getApiResult } from '../../lib/get-api-result.ts';
import { useAttributes, type StoreClient } from '../../store/index.ts';

const NONE: readonly Attribute[] = [];

/** One server answer per tab; a failed read is asked again next time (the link may be back by then). */
let asked: Promise<readonly Attribute[]> | undefined;
const serverAttributes = (): Promise<readonly Attribute[]> => {
  asked ??= getApiResult('/api/catalog/attributes', new AbortController().signal).then((body) => {
    const parsed = listOf(attributeSchema).safeParse(body);
    if (!parsed.success) asked = undefined;
    return parsed.success ? parsed.data.items : NONE;
  });
  return asked;
};

/**
 * The catalogue's attributes, for a configurable product's option labels in English (issue 19): the device's
 * once it holds them, else, online, the server's. Asked only when `wanted`: a Bulgarian page shows the product's
 * own labels and needs none.
 */
export function useOptionAttributes(
  client: StoreClient | null,
  online: boolean,
  wanted: boolean,
): readonly Attribute[] {
  const local = useAttributes(wanted ? client : null);
  const haveLocal = local !== undefined && local.length > 0;
  const [remote, setRemote] = useState<readonly Attribute[]>(NONE);
  const ask = wanted && online && !haveLocal;
  useEffect(() => {
    if (!ask) return;
    let live = true;
    void serverAttributes().then((list) => live && startTransition(() => setRemote(list)));
    return () => {
      live = false;
    };
  }, [ask]);
  if (!wanted) return NONE;
  return haveLocal ? local : remote;
}
