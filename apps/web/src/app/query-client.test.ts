import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

afterEach(() => onlineManager.setOnline(true));

describe('the query client', () => {
  it('tries a change at once while the browser says it is offline (the outbox keeps it, decision 069)', async () => {
    onlineManager.setOnline(false);
    let calls = 0;
    const observer = new MutationObserver(createQueryClient(), {
      mutationFn: async () => {
        calls += 1;
        return null;
      },
    });
    await expect(observer.mutate()).resolves.toBeNull();
    expect(calls).toBe(1);
  });
});
