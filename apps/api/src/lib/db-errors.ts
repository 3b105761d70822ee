/** Whether a database error (possibly wrapped by the ORM) is a unique-constraint violation. */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const pgError = current as Error & { code?: string; constraint?: string };
    if (pgError.code === '23505') return constraint === undefined || pgError.constraint === constraint;
  }
  return false;
};
