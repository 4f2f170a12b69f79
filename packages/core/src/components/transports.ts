import { MTLS_FIELDS, REMOTE_TRANSPORT_FIELDS, str, TRANSPORT_FIELDS } from '../model/fields.js';
import type { ComponentHandler } from './handler.js';

export const stdioTransport: ComponentHandler = {
  type: 'StdioTransport',
  summary: 'Starts an MCP server as a subprocess and talks to it over stdio (local prototyping).',
  fields: [
    ...TRANSPORT_FIELDS,
    { name: 'command', type: str, required: true },
    { name: 'args', type: { kind: 'string-list' }, default: [] },
    { name: 'env', type: { kind: 'string-map' }, nullable: true, default: null },
    { name: 'cwd', type: str, nullable: true, default: null },
  ],
};

export const sseTransport: ComponentHandler = {
  type: 'SSETransport',
  summary: 'Connects to an MCP server over Server-Sent Events.',
  fields: REMOTE_TRANSPORT_FIELDS,
};

export const streamableHttpTransport: ComponentHandler = {
  type: 'StreamableHTTPTransport',
  summary: 'Connects to an MCP server over Streamable HTTP.',
  fields: REMOTE_TRANSPORT_FIELDS,
};

export const sseMtlsTransport: ComponentHandler = {
  type: 'SSEmTLSTransport',
  summary: 'SSE transport with mutual TLS (key, certificate and CA files).',
  fields: [...REMOTE_TRANSPORT_FIELDS, ...MTLS_FIELDS],
};

export const streamableHttpMtlsTransport: ComponentHandler = {
  type: 'StreamableHTTPmTLSTransport',
  summary: 'Streamable HTTP transport with mutual TLS (key, certificate and CA files).',
  fields: [...REMOTE_TRANSPORT_FIELDS, ...MTLS_FIELDS],
};
