import type { Attribute } from '../../../schema/catalog/attribute.ts';
import { useAttributes, type StoreClient } from '../../store/index.ts';
import { fetchAttributes } from '../listing/server-catalog.ts';
import { useServerList } from '../listing/use-server-list.ts';

const NONE: readonly Attribute[] = [];

/**
 * The catalogue's attributes, for a configurable product's option labels in English (issue 19): the device's
 * once it holds them, else, online, the server's (one answer per tab, shared with the category page). Asked only
 * when `wanted`: a Bulgarian page shows the product's own labels and needs none.
 */
export function useOptionAttributes(
  client: StoreClient | null,
  online: boolean,
  wanted: boolean,
): readonly Attribute[] {
  const local = useAttributes(wanted ? client : null);
  const haveLocal = local !== undefined && local.length > 0;
  const remote = useServerList(fetchAttributes, wanted && online && !haveLocal);
  if (!wanted) return NONE;
  return haveLocal ? local : (remote ?? NONE);
}
