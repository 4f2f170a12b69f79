import { HTTP_FIELDS, NODE_FIELDS } from '../../model/fields.js';
import type { ApiNode } from '../../model/types.js';
import { stringProperty } from '../../semantics/properties.js';
import { httpPlaceholders, checkHttpPlaceholders } from '../http-placeholders.js';
import { checkBranches, NEXT_ONLY } from '../io-checks.js';
import { type ComponentHandler } from '../handler.js';

export const apiNode: ComponentHandler = {
  type: 'ApiNode',
  summary: 'Makes an HTTP call with templated url, headers, query parameters and body; response keys become outputs.',
  fields: [...NODE_FIELDS, ...HTTP_FIELDS],
  infer(d) {
    d.inputs ??= httpPlaceholders(d).map((n) => stringProperty(n));
    d.outputs ??= [];
    d.branches ??= ['next'];
  },
  check(c, ctx) {
    const n = c as ApiNode;
    checkHttpPlaceholders(ctx, n);
    checkBranches(ctx, n, n.branches, NEXT_ONLY);
  },
};
