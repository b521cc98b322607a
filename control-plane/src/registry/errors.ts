// The registry's refusals: a message for the operator and the HTTP status the operator API answers.

export class RegistryError extends Error {
  constructor(
    message: string,
    public readonly statusCode = 400,
  ) {
    super(message);
  }
}

/** The database or its live state cannot be read: nothing changes until it is repaired. */
export class RegistryUnreadable extends RegistryError {
  constructor(cause: string) {
    super(
      `The registry cannot be read (${cause}). Browsers get the last good registry; repair it with: npm run registry -- repair`,
      503,
    );
  }
}
