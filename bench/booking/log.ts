/** A line of the bench's running log. */
export function log(message: string): void {
  process.stdout.write(`· ${message}\n`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
