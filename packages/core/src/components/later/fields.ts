import type { FieldSpec } from '../../model/fields.js';

/** Field shapes shared by the components of later versions. */
export const nstr = (name: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, type: { kind: 'string' }, nullable: true, ...extra });
export const num = (name: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, type: { kind: 'number' }, ...extra });
export const bool = (name: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, type: { kind: 'boolean' }, ...extra });
export const obj = (name: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, type: { kind: 'json-object' }, nullable: true, ...extra });

/** `retry_policy` (26.1.2 where the component is older): a RetryPolicy object. */
export const retryPolicy: FieldSpec = obj('retry_policy', { description: 'How remote calls are retried: attempts, backoff, timeout (RetryPolicy).' });
