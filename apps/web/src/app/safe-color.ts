/** Only plain hex colours reach CSS, so a stored value cannot inject styles. */
export function safeColor(value: string | null | undefined): string | null {
  return value && /^#[0-9a-f]{3,8}$/i.test(value) ? value : null;
}
