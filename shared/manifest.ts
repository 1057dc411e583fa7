/**
 * What a domain contributes to the shared layer (ARCHITECTURE §4): one
 * manifest, `shared/<domain>/index.ts`, exporting `defineDomain({...})`.
 * shared/domains.ts lists the manifests and assembles the tables from them.
 */
import type { EndpointDef } from './api/define.js';
import type { ErrorTable } from './errors/define.js';
import type { LangTexts } from './i18n/define.js';
import type { PowerCode } from './roles.js';
import type { RouteGroupDecl, RouteJoinDecl } from './routes/define.js';

export interface SharedManifest {
  /** The folder name, singular; also the namespace of its UI texts. */
  name: string;
  /** Its endpoints: operation name (`<name>.<verb>`) → definition. */
  api: Readonly<Record<string, EndpointDef>>;
  /** Its error codes with texts, policy and HTTP status. */
  errors?: ErrorTable;
  /** Its UI texts, under `<name>.` in every catalogue. */
  texts: LangTexts<object>;
  /** The permission codes of the member set (spec §2) its screens and endpoints use. */
  powers: readonly PowerCode[];
  /** Its route groups (spec §2), written once for the three route sets, and the screens it adds to another domain's group. */
  routes: readonly (RouteGroupDecl | RouteJoinDecl)[];
}

export const defineDomain = <const M extends SharedManifest>(manifest: M): M => manifest;
