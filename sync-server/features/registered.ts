import type { CommandType } from '../../schema/index.ts';
import type { OwnerReadModel, PullSource, ServerFeature } from './feature.ts';
import { ownerDocumentSource } from './owner-documents.ts';
import { serverFeatures } from './registry.ts';

/** What the kernel looks up in the registry, derived once. */

const byCommand = new Map<CommandType, ServerFeature>();
for (const feature of serverFeatures) {
  if (feature.commands.length > 0 && !feature.open) throw new Error(`feature ${feature.name} has commands but no open`);
  for (const type of feature.commands) {
    if (byCommand.has(type)) throw new Error(`command type ${type} is registered twice`);
    byCommand.set(type, feature);
  }
}

/** The feature that executes a command type (every type of schema/commands/registry.ts has one: a test holds it). */
export const featureOf = (type: CommandType): ServerFeature | undefined => byCommand.get(type);

/** Every read model of one document per owner, in registry order. */
export const ownerReadModels: readonly OwnerReadModel[] = serverFeatures.flatMap((f) => f.readModels);

/** Every collection the features serve by pull and stream, besides the kernel's own (commands, outcomes). */
export const featurePullSources: readonly PullSource[] = serverFeatures.flatMap((f) => [
  ...f.readModels.map((model) => ownerDocumentSource(model)),
  ...(f.pullSources ?? []),
]);
