import { expect, it } from 'vitest';
import * as api from '../src/index.js';

it('exports exactly the documented API', () => {
  expect(Object.keys(api).sort()).toEqual([
    'DEFAULT_GUARDS', 'RunGuard', 'SERVER_ERROR_CODES', 'SERVER_VERSION', 'ServedTraces', 'ServerError', 'SessionHost', 'SessionTaskStore', 'SpecAgentExecutor', 'acpAgent', 'agentCard', 'connectAcp',
    'errorBody', 'errorStatus', 'frontendTools', 'isLoopback', 'playgroundHtml', 'requestHandler', 'startAgentServer', 'withClientTools',
  ]);
});
