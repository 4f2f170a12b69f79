import type { SSETransport, StdioTransport, StreamableHTTPTransport } from '@agentspec/core';

let n = 0;
const base = () => ({ id: `transport-${++n}`, name: 'demo', session_parameters: {} });

/** A StreamableHTTPTransport component (or SSETransport with `sse`). */
export function remote(url: string, kind: 'streamable' | 'sse', extra: Partial<StreamableHTTPTransport> = {}): StreamableHTTPTransport | SSETransport {
  const component_type = kind === 'sse' ? 'SSETransport' : 'StreamableHTTPTransport';
  return { ...base(), component_type, url, ...extra } as StreamableHTTPTransport | SSETransport;
}

/** A StdioTransport component. */
export function stdio(command: string, args: string[], extra: Partial<StdioTransport> = {}): StdioTransport {
  return { ...base(), component_type: 'StdioTransport', command, args, ...extra };
}
