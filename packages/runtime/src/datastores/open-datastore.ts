import { laterComponent, type Component } from '@agentspec/core';
import { unsupportedComponent } from '../admit/admit.js';
import type { DatastoreConnection } from './datastore-connection.js';
import { datastoreError } from './datastore-errors.js';
import { collectionSchemas } from './entity-schema.js';
import { inMemoryDatastore } from './in-memory-datastore.js';
import { postgresDatastore } from './postgres-datastore.js';

/**
 * The connection of a datastore component: an InMemoryCollectionDatastore in
 * this process, a PostgresDatabaseDatastore through `pg` (its
 * TlsPostgresDatabaseConnectionConfig: user and password are sensitive and
 * given at load through the components registry). An OracleDatabaseDatastore
 * is AS_UNSUPPORTED (no runtime admits it: there is no Oracle Database client
 * here).
 */
export async function openDatastore(component: Component): Promise<DatastoreConnection> {
  const memory = laterComponent(component, 'InMemoryCollectionDatastore');
  if (memory) return inMemoryDatastore(memory.id, collectionSchemas(memory.datastore_schema));
  const postgres = laterComponent(component, 'PostgresDatabaseDatastore');
  if (postgres) {
    const config = postgres.connection_config;
    if (config?.component_type !== 'TlsPostgresDatabaseConnectionConfig') {
      throw datastoreError(postgres.id, 'connect', `its connection_config is a ${String(config?.component_type)}, not a TlsPostgresDatabaseConnectionConfig`);
    }
    for (const field of ['user', 'password', 'url'] as const) {
      if (typeof config[field] !== 'string') {
        throw datastoreError(postgres.id, 'connect', `its connection_config has no ${field}`, { hint: `${field === 'url' ? '' : 'a sensitive field: '}give it when loading the spec (components registry: '${config.id}.${field}')` });
      }
    }
    return postgresDatastore(postgres.id, collectionSchemas(postgres.datastore_schema), config);
  }
  throw unsupportedComponent(component);
}
