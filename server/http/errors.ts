/** An error with a status and a message meant for the user; the error handler sends it as is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, message, 'BAD_REQUEST');
export const unauthorized = (message = 'You must be signed in to do that.') =>
  new AppError(401, message, 'UNAUTHORIZED');
export const forbidden = (message: string) => new AppError(403, message, 'FORBIDDEN');
export const notFound = (message: string) => new AppError(404, message, 'NOT_FOUND');
export const conflict = (message: string) => new AppError(409, message, 'CONFLICT');
