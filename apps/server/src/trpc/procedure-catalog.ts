import type { AnyProcedure, AnyRouter } from '@trpc/server';
import type { ProcedureMeta } from './init';

/** What the REST adapters need to know of the procedure they mirror. */
export interface ProcedureInfo {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  meta: ProcedureMeta;
}

/** Every procedure of a router by its path ('contact.get'). */
export type ProcedureCatalog = ReadonlyMap<string, ProcedureInfo>;

export function procedureCatalog(router: AnyRouter): ProcedureCatalog {
  const procedures = router._def.procedures as Record<string, AnyProcedure>;
  return new Map(
    Object.entries(procedures).map(([path, procedure]) => {
      const def = procedure._def as unknown as {
        type: ProcedureInfo['type'];
        meta?: ProcedureMeta;
      };
      return [path, { path, type: def.type, meta: def.meta ?? {} }];
    }),
  );
}
