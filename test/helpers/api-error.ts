import { expect } from 'vitest';
import { ApiError } from '../../src/api/errors.js';

/** The ApiError `promise` rejects with; fails the test when it resolves or rejects otherwise. */
export async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}
