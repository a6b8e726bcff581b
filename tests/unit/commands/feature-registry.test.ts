import { describe, expect, it } from 'vitest';
import { clientFeatures } from '../../../client/features.ts';
import { featureNotices } from '../../../client/feature-notices.ts';
import { bg } from '../../../client/i18n/bg.ts';
import { en } from '../../../client/i18n/en.ts';
import { REFUSAL_CODES } from '../../../client/store/command-tracker.ts';
import { pullOnlyCollections } from '../../../client/sync/database.ts';
import { commandTypes, type CommandType } from '../../../schema/commands/registry.ts';
import { featureOf, ownerReadModels } from '../../../sync-server/features/registered.ts';
import { serverFeatures } from '../../../sync-server/features/registry.ts';
import { pullSources } from '../../../sync-server/sync/read-sources.ts';

/** Issue 14: the features registered on each side agree, so a command never reaches a kernel that cannot run it. */
describe('the feature registries', () => {
  const types = Object.keys(commandTypes) as CommandType[];

  it('every command type is executed by exactly one server feature and dispatched by one client feature', () => {
    for (const type of types) {
      expect(featureOf(type), type).toBeDefined();
      expect(
        clientFeatures.filter((f) => f.commands.includes(type)),
        type,
      ).toHaveLength(1);
    }
    expect(serverFeatures.flatMap((f) => f.commands).sort()).toEqual([...types].sort());
  });

  it("the client replicates every collection the server serves, and an owner's read models only per owner", () => {
    const client = pullOnlyCollections();
    for (const name of Object.keys(client)) expect(pullSources[name], name).toBeDefined();
    for (const model of ownerReadModels) expect(client[model.collection]?.scope, model.collection).toBe('owner');
  });

  it('a collection the client does not know is unknown to the server too, whatever its name', () => {
    for (const name of ['toString', '__proto__', 'constructor', 'hasOwnProperty'])
      expect(pullSources[name]).toBeUndefined();
  });

  it("stays well inside RxDB's 13 collections a tab (the kernel's commands beside the pull-only ones)", () => {
    expect(1 + Object.keys(pullOnlyCollections()).length).toBeLessThanOrEqual(10);
  });

  it("the notifications know each feature's refusal codes, in both languages", () => {
    expect(featureNotices).toHaveLength(clientFeatures.filter((f) => f.commands.length > 0).length);
    const codes = clientFeatures.flatMap((f) => f.refusalCodes).sort();
    expect([...REFUSAL_CODES].sort()).toEqual(codes);
    for (const code of codes) {
      expect(bg.refusal, code).toHaveProperty(code);
      expect(en.refusal, code).toHaveProperty(code);
    }
  });
});
