import { globalConfig } from 'zod/v4/core';
import { describe, expect, it } from 'vitest';
import { createApiClient } from './api';
import { createScope } from './scope';
import { parseSettings, type Settings } from './settings';

describe('parseWithoutCodegen', () => {
  it('is in force once an API client exists, before any answer is parsed', () => {
    const settings = (parseSettings({}) as { ok: true; settings: Settings }).settings;
    createApiClient({ settings, emit: () => undefined, scope: createScope(), language: () => 'en-GB' });
    expect(globalConfig.jitless).toBe(true);
  });
});
