import { OCI_AUTH_FILE_FIELDS, str, type FieldSpec } from '../model/fields.js';
import type { ComponentType } from '../model/types.js';
import type { ComponentHandler } from './handler.js';

function ociClient(type: ComponentType, authType: string, summary: string, extra: readonly FieldSpec[]): ComponentHandler {
  return {
    type,
    summary,
    fields: [
      { name: 'service_endpoint', type: str, required: true },
      { name: 'auth_type', type: { kind: 'enum', values: [authType] }, default: authType },
      ...extra,
    ],
  };
}

export const ociClientConfigWithApiKey = ociClient('OciClientConfigWithApiKey', 'API_KEY', 'OCI authentication with an API key profile from a config file.', OCI_AUTH_FILE_FIELDS);
export const ociClientConfigWithSecurityToken = ociClient('OciClientConfigWithSecurityToken', 'SECURITY_TOKEN', 'OCI authentication with a session security token profile.', OCI_AUTH_FILE_FIELDS);
export const ociClientConfigWithInstancePrincipal = ociClient('OciClientConfigWithInstancePrincipal', 'INSTANCE_PRINCIPAL', 'OCI authentication as the compute instance (instance principal).', []);
export const ociClientConfigWithResourcePrincipal = ociClient('OciClientConfigWithResourcePrincipal', 'RESOURCE_PRINCIPAL', 'OCI authentication as the calling resource (resource principal).', []);
