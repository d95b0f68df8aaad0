/** What `promise` rejects with; a promise that fulfils fails the test. */
export async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected a failure");
}
