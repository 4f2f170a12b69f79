import { join } from 'node:path';

/**
 * An agents.json document and its OpenAPI documents in memory (read through
 * the `readFile` option), for the edges the samples do not show: a multipart
 * body, a $ref to a URL, a recursive schema, a parameter type that is not
 * one, a text body, a POST without a body, and a source at a URL.
 */
export const EDGE_DIR = '/edge';

export const EDGE_FILES: Readonly<Record<string, string>> = {
  [join(EDGE_DIR, 'agents.json')]: JSON.stringify({
    agentsJson: '1.0.0',
    info: { title: 'Edges', version: '0.1.0', description: 'Parts without an exact equivalent' },
    sources: [{ id: 'files', path: 'files.yaml' }, { id: 'remote', path: 'https://api.example.com/openapi.json' }],
    flows: [
      {
        id: 'upload_flow',
        title: 'Upload',
        description: 'Uploads a file description.',
        actions: [{ id: 'upload', sourceId: 'files', operationId: 'uploadFile' }],
        links: [{ origin: { actionId: null, fieldPath: 'parameters.name' }, target: { actionId: 'upload', fieldPath: 'requestBody.name' } }],
        fields: { parameters: [{ name: 'name', required: true, type: 'text' }], responses: { success: { type: 'object', properties: { tree: { type: 'object' } } } } },
      },
      {
        id: 'text_flow',
        title: 'Note',
        description: 'Posts a note as plain text, then touches.',
        actions: [{ id: 'add_note', sourceId: 'files', operationId: 'addNote' }, { id: 'touch', sourceId: 'files', operationId: 'touch' }],
        links: [{ origin: { actionId: 'text_flow', fieldPath: 'parameters.note' }, target: { actionId: 'add_note', fieldPath: 'requestBody' } }],
        fields: { parameters: [{ name: 'note', required: true }], responses: { success: { type: 'object' } } },
      },
      {
        id: 'remote_flow',
        title: 'Remote',
        description: 'Calls the remote source.',
        actions: [{ id: 'ping', sourceId: 'remote', operationId: 'ping' }],
        fields: { parameters: [], responses: { success: { type: 'object' } } },
      },
    ],
  }),
  [join(EDGE_DIR, 'files.yaml')]: `
openapi: 3.0.3
info: {title: Files, version: 1.0.0}
servers: [{url: 'https://files.example.com'}]
paths:
  /files:
    post:
      operationId: uploadFile
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                name: {type: string}
                owner: {$ref: 'https://schemas.example.com/owner.json'}
      responses:
        '200':
          description: The stored tree
          content:
            application/json:
              schema:
                type: object
                properties:
                  tree: {$ref: '#/components/schemas/Node'}
  /notes:
    post:
      operationId: addNote
      requestBody: {required: true, content: {text/plain: {schema: {type: string}}}}
      responses: {'204': {description: stored}}
  /touch:
    post:
      operationId: touch
      responses: {'204': {description: touched}}
components:
  schemas:
    Node:
      type: object
      properties:
        name: {type: string}
        children: {type: array, items: {$ref: '#/components/schemas/Node'}}
`,
};

/** `readFile` over EDGE_FILES (a missing file throws like fs does). */
export function readEdgeFile(path: string): string {
  const text = EDGE_FILES[path];
  if (text === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
  return text;
}
