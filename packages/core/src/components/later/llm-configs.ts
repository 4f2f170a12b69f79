import { comp, str, type FieldSpec } from '../../model/fields.js';
import type { ComponentHandler } from '../handler.js';
import { nstr, num, obj, retryPolicy } from './fields.js';

const generation: FieldSpec = { name: 'default_generation_parameters', type: { kind: 'generation' }, nullable: true };

/** The fields of the generic LlmConfig (26.1.2), also GeminiConfig's. */
const GENERIC: readonly FieldSpec[] = [
  { name: 'model_id', type: str, required: true },
  nstr('provider'),
  nstr('api_provider'),
  nstr('api_type'),
  nstr('url'),
  nstr('api_key'),
  generation,
  retryPolicy,
];

export const genericLlmConfig: ComponentHandler = {
  type: 'LlmConfig',
  summary: 'Any LLM, described by model_id, provider, api_provider, api_type and url (26.1.2).',
  fields: GENERIC,
};

export const geminiConfig: ComponentHandler = {
  type: 'GeminiConfig',
  summary: 'A Gemini model, through Google AI Studio or Vertex AI (auth).',
  fields: [...GENERIC, { name: 'auth', type: comp('GeminiAuthConfig'), required: true }],
};

export const geminiAIStudioAuthConfig: ComponentHandler = {
  type: 'GeminiAIStudioAuthConfig',
  summary: 'Google AI Studio authentication: an API key.',
  fields: [nstr('api_key')],
};

export const geminiVertexAIAuthConfig: ComponentHandler = {
  type: 'GeminiVertexAIAuthConfig',
  summary: 'Vertex AI authentication: project, location and credentials.',
  fields: [nstr('project_id'), { name: 'location', type: str }, { name: 'credentials', type: { kind: 'json' }, nullable: true }],
};

export const dbmsVectorChainLlmConfig: ComponentHandler = {
  type: 'DbmsVectorChainLlmConfig',
  summary: "An LLM run by Oracle Database through DBMS_VECTOR_CHAIN (26.3.1); `model` is the model id.",
  fields: [
    generation,
    { name: 'model', type: str, required: true },
    { name: 'provider', type: str, required: true },
    { name: 'url', type: str, required: true },
    nstr('host'),
    nstr('credential_name'),
    num('transfer_timeout', { nullable: true }),
  ],
  check(c, ctx) {
    const d = c as unknown as { host?: string | null; credential_name?: string | null };
    if (d.host !== 'local' && (d.credential_name === undefined || d.credential_name === null)) {
      ctx.report('AS_MISSING_FIELD', c, ['credential_name'], "DbmsVectorChainLlmConfig requires 'credential_name' unless host is 'local'");
    }
  },
};

export const oauthClientConfig: ComponentHandler = {
  type: 'OAuthClientConfig',
  summary: 'The OAuth client: pre-registered, dynamically registered, or by a client id metadata document.',
  fields: [
    { name: 'type', type: { kind: 'enum', values: ['client_id_metadata_document', 'dynamic_registration', 'pre_registered'] }, required: true },
    nstr('client_id'),
    nstr('client_secret'),
    nstr('token_endpoint_auth_method'),
    nstr('client_id_metadata_url'),
    nstr('registration_endpoint'),
  ],
};

export const oauthConfig: ComponentHandler = {
  type: 'OAuthConfig',
  summary: 'OAuth authorization of a remote transport: issuer or endpoints, client, redirect URI, scopes, PKCE.',
  fields: [
    nstr('issuer'),
    obj('endpoints'),
    { name: 'client', type: comp('OAuthClientConfig'), required: true },
    { name: 'redirect_uri', type: str, required: true },
    { name: 'scopes', type: { kind: 'string-or-list' }, nullable: true },
    nstr('scope_policy'),
    obj('pkce'),
    nstr('resource'),
  ],
};
