import type { Attribute } from '../../../schema/catalog/attribute.ts';
import { useAttributes, type StoreClient } from '../../store/index.ts';

const NONE: readonly Attribute[] = [];

/**
 * The catalogue's attributes held on this device, for a configurable product's option labels in English
 * (issue 19). Read only when `wanted`: a Bulgarian page shows the product's own labels and needs none. Until the
 * device holds them (a first visit's first seconds) the product's own labels show, marked Bulgarian; asking the
 * server as well would cost the first page's JavaScript more than its budget has left.
 */
export function useOptionAttributes(client: StoreClient | null, wanted: boolean): readonly Attribute[] {
  return useAttributes(wanted ? client : null) ?? NONE;
}
