/**
 * A sentence for a passkey the browser did not use: cancelled, timed out, or no passkey of this archive on this
 * device. The browser's own messages are technical; these say what to do.
 */
export function passkeyProblem(error: unknown, otherWay: string): string | null {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError')
    return `The passkey was not used. Try again, or ${otherWay}.`;
  if (name === 'InvalidStateError') return 'This device already holds a passkey for your account.';
  if (name === 'NotSupportedError' || name === 'SecurityError') {
    return `This browser cannot use a passkey here. ${otherWay.charAt(0).toUpperCase()}${otherWay.slice(1)}.`;
  }
  return null;
}
