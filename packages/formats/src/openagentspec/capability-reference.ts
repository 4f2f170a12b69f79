/** What a capability key refers to (OpenAgentSpec v1, "Names & References"). */
export type CapabilityReference =
  | { readonly kind: 'tool'; readonly name: string }
  | { readonly kind: 'agent'; readonly name: string }
  | { readonly kind: 'remote-agent'; readonly name: string; readonly url: string };

const SCHEME = 'oagent://';

/**
 * A plain name is a tool (the spec: where a name may be a tool or an agent,
 * it is the tool); `oagent://name` an agent of the same server;
 * `oagent://host[/path]/name` a remote agent, whose document the spec lets a
 * server fetch over HTTPS — which an importer never does (the URL is kept).
 */
export function parseCapabilityReference(reference: string): CapabilityReference {
  if (!reference.startsWith(SCHEME)) return { kind: 'tool', name: reference };
  const rest = reference.slice(SCHEME.length).replace(/\/+$/, '');
  const slash = rest.lastIndexOf('/');
  if (slash === -1) return { kind: 'agent', name: rest };
  return { kind: 'remote-agent', name: rest.slice(slash + 1), url: `https://${rest}` };
}
